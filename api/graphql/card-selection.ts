import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Contract } from '../db/generated/prisma/client.ts';
import { CARD_COLUMNS, CARD_PROVIDER_COLUMNS, type ContractCard } from '../domain/market/contract-cards.ts';

// Whether a list of contracts asks only what a card row holds (api/domain/market/contract-cards.ts):
// then its page is one plain SQL statement; anything else (the description's sample rows, bids,
// reviews, a provider's private fields) goes through Prisma as before.

/** What a card row holds besides its columns: the figures read with the page (market.loaders.ts). */
const FIGURES = 'page figures';
type CardSource<Column extends string> = ReadonlyArray<Column | typeof FIGURES>;

/**
 * Contract fields a card row answers besides its columns of the same name (CARD_COLUMNS), each
 * with what it reads. The columns are the one list (api/domain/market/contract-cards.ts);
 * card-selection.test.ts fails when a Contract field is neither here, nor a column, nor named
 * as never on a card.
 */
const DERIVED_CONTRACT_FIELDS = {
  contractId: ['id'],
  categoryLabel: ['category'],
  ticker: ['category'],
  nextStatuses: ['status'],
  priceChange24h: ['marketPrice', FIGURES],
  highestBid: [FIGURES],
  openBidCount: [FIGURES],
  provider: ['providerId'],
  viewerIsProvider: ['providerId'],
  // read for the page in one statement (api/domain/freshness/freshness.record.ts)
  onTimeRecord: ['id'],
} as const satisfies Record<string, CardSource<(typeof CARD_COLUMNS)[number]>>;

/** Provider fields a card row answers besides its columns of the same name (CARD_PROVIDER_COLUMNS). */
const DERIVED_PROVIDER_FIELDS = {
  userId: ['id'],
  isVerifiedProvider: ['dueDiligenceStatus'],
  memberSince: ['createdAt'],
} as const satisfies Record<string, CardSource<(typeof CARD_PROVIDER_COLUMNS)[number]>>;

/** Provider columns read for other fields only: the review status (self or admin sees it; cards show the mark), the join date (memberSince). */
const PROVIDER_COLUMNS_NOT_FIELDS = new Set<string>(['dueDiligenceStatus', 'createdAt']);

/** Contract fields a card row answers: its columns, and what is computed from them and the figures. */
export const CONTRACT_CARD_FIELDS: ReadonlySet<string> = new Set([...CARD_COLUMNS, ...Object.keys(DERIVED_CONTRACT_FIELDS)]);

/** The provider's fields a card row answers: its public profile. */
export const PROVIDER_CARD_FIELDS: ReadonlySet<string> = new Set([
  ...CARD_PROVIDER_COLUMNS.filter((c) => !PROVIDER_COLUMNS_NOT_FIELDS.has(c)),
  ...Object.keys(DERIVED_PROVIDER_FIELDS),
]);

/** Fields whose own selection is a value computed from the row (any subfield will do). */
const COMPUTED_OBJECTS = new Set(['priceChange24h', 'onTimeRecord']);

type Fragments = Record<string, FragmentDefinitionNode>;

/** Every field of a selection set, through fragment spreads and inline fragments. */
function* fieldsOf(set: SelectionSetNode | undefined, fragments: Fragments, seen = new Set<string>()): Generator<FieldNode> {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) yield selection;
    else if (selection.kind === Kind.INLINE_FRAGMENT) yield* fieldsOf(selection.selectionSet, fragments, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      yield* fieldsOf(fragments[selection.name.value]?.selectionSet, fragments, seen);
    }
  }
}

function onlyFrom(allowed: ReadonlySet<string>, set: SelectionSetNode | undefined, fragments: Fragments): boolean {
  for (const field of fieldsOf(set, fragments)) {
    const name = field.name.value;
    if (name === '__typename') continue;
    if (!allowed.has(name)) return false;
    if (name === 'provider' && !onlyFrom(PROVIDER_CARD_FIELDS, field.selectionSet, fragments)) return false;
    if (field.selectionSet && name !== 'provider' && !COMPUTED_OBJECTS.has(name)) return false;
  }
  return true;
}

// Per parsed document (Yoga keeps documents it has parsed): the field's nodes are the same objects.
const decided = new WeakMap<FieldNode, boolean>();

/** Whether every node under `edges { node }` of this connection field asks only card fields. */
export function asksOnlyCards(info: GraphQLResolveInfo): boolean {
  const key = info.fieldNodes[0]!;
  let fits = decided.get(key);
  if (fits === undefined) {
    fits = info.fieldNodes.every((connection) =>
      [...fieldsOf(connection.selectionSet, info.fragments)].every(
        (field) =>
          field.name.value !== 'edges' ||
          [...fieldsOf(field.selectionSet, info.fragments)].every((edge) => edge.name.value !== 'node' || onlyFrom(CONTRACT_CARD_FIELDS, edge.selectionSet, info.fragments)),
      ),
    );
    decided.set(key, fits);
  }
  return fits;
}

/**
 * A page of card rows as the Contract type's rows. Only after asksOnlyCards: every field asked then
 * reads a card column (or the figures), and money columns as exact text read as Prisma's decimals
 * do (contract-cards.test.ts holds the rows equal to Prisma's).
 */
export const cardsAsContracts = (cards: ContractCard[]): Contract[] => cards as unknown as Contract[];
