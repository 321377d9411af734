import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

// Whether a list of contracts asks only what a card row holds (api/domain/market/contract-cards.ts):
// then its page is one plain SQL statement; anything else (the description's sample rows, bids,
// reviews, a provider's private fields) goes through Prisma as before.

/** Contract fields a card row answers: its columns, and the figures read with the page. */
const CONTRACT_FIELDS = new Set([
  'id',
  'contractId',
  'title',
  'description',
  'category',
  'categoryLabel',
  'ticker',
  'status',
  'nextStatuses',
  'price',
  'marketPrice',
  'priceChange24h',
  'pricingModel',
  'updateFrequency',
  'recordCount',
  'fieldCount',
  'dataFormat',
  'deliveryMethod',
  'sampleSize',
  'geographicCoverage',
  'dataSource',
  'dataAccessType',
  'dataFields',
  'isEnterprise',
  'salesCount',
  'createdAt',
  'provider',
  'viewerIsProvider',
  'highestBid',
  'openBidCount',
]);

/** The provider's fields a card row answers: its public profile. */
const PROVIDER_FIELDS = new Set([
  'id',
  'userId',
  'name',
  'username',
  'profileImage',
  'isAdmin',
  'rating',
  'reviewCount',
  'tradeCount',
  'completedSales',
  'isVerifiedProvider',
  'memberSince',
]);

/** Fields whose own selection is a value computed from the row (any subfield will do). */
const COMPUTED_OBJECTS = new Set(['priceChange24h']);

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

function onlyFrom(allowed: Set<string>, set: SelectionSetNode | undefined, fragments: Fragments): boolean {
  for (const field of fieldsOf(set, fragments)) {
    const name = field.name.value;
    if (name === '__typename') continue;
    if (!allowed.has(name)) return false;
    if (name === 'provider' && !onlyFrom(PROVIDER_FIELDS, field.selectionSet, fragments)) return false;
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
          [...fieldsOf(field.selectionSet, info.fragments)].every((edge) => edge.name.value !== 'node' || onlyFrom(CONTRACT_FIELDS, edge.selectionSet, info.fragments)),
      ),
    );
    decided.set(key, fits);
  }
  return fits;
}
