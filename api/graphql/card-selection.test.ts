import { describe, expect, it } from 'vitest';
import { isObjectType, Kind, parse, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import { schema } from './schema.ts';
import { asksOnlyCards, CONTRACT_CARD_FIELDS, PROVIDER_CARD_FIELDS } from './card-selection.ts';

// A list of contracts asking only card fields is one plain statement (api/domain/market/contract-cards.ts);
// any other field sends it through Prisma. A new Contract or User field must be decided on here:
// on a card (its column in CARD_COLUMNS, or derived in card-selection.ts), or never on one.

/** Contract fields a card row does not hold: more rows, or back-office columns cards never read. */
const NEVER_ON_CARDS = [
  'sampleData',
  'bids',
  'priceHistory',
  'reviews',
  'viewerQuote',
  'reviewNotes',
  'rejectionReason',
  'reviewedAt',
  'dataAccessUrl',
  'accessInstructions',
  'complianceAcknowledged',
  'qualityAcknowledged',
  'legalAcknowledged',
  'dataProfile',
  'files',
  // issue 26: the contract page's releases, what a buyer gets, and the provider's pending revision
  'releases',
  'latestRelease',
  'fieldDictionary',
  'latestRevision',
];
/** User fields a card's provider does not hold: private to the user, or more rows. */
const NEVER_ON_PROVIDER_CARDS = [
  'email',
  'emailVerified',
  'dueDiligenceStatus',
  'latestApplication',
  'listings',
  'activeListings',
  'bidsPlaced',
  'conversations',
  'dailyAmounts',
  'dashboardSummary',
  'payments',
  'positions',
  'purchases',
  'recentActivity',
  'reviewsReceived',
  'sales',
  'unreadMessageCount',
  // Cards show profileImage, which holds the uploaded avatar's address too.
  'avatarUrl',
  'billingDetails',
  'notificationPreferences',
  'notifications',
  'statementMonths',
  'unreadNotificationCount',
  // The owner's own webhook endpoints (the Developers tab).
  'webhookEndpoints',
  // A provider's record sums their listings': the contract page's provider panel reads it.
  'onTimeRecord',
  // issue 27: the viewer's own personal API tokens.
  'apiTokens',
];

const fieldsOfType = (name: string) => {
  const type = schema.getType(name);
  if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
  return Object.keys(type.getFields()).sort();
};

/** The resolve info of `contracts` in `document` (the parts asksOnlyCards reads). */
function infoOf(document: string): GraphQLResolveInfo {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(parsed.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])));
  const field = operation.selectionSet.selections[0] as FieldNode;
  return { fieldNodes: [field], fragments } as unknown as GraphQLResolveInfo;
}

describe('card fields', () => {
  it('decides every Contract field: on a card or never on one', () => {
    expect(fieldsOfType('Contract')).toEqual([...CONTRACT_CARD_FIELDS, ...NEVER_ON_CARDS].sort());
  });

  it("decides every field of a card's provider: on a card or never on one", () => {
    expect(fieldsOfType('User')).toEqual([...PROVIDER_CARD_FIELDS, ...NEVER_ON_PROVIDER_CARDS].sort());
  });

  it('sends a list asking every card field down the card statement, and one asking anything else through Prisma', () => {
    const provider = `provider { ${[...PROVIDER_CARD_FIELDS].join(' ')} }`;
    const scalars = [...CONTRACT_CARD_FIELDS].filter((f) => f !== 'provider' && f !== 'priceChange24h').join(' ');
    const card = `${scalars} priceChange24h { change percent } ${provider}`;
    expect(asksOnlyCards(infoOf(`{ contracts { edges { node { ${card} } } } }`))).toBe(true);
    expect(asksOnlyCards(infoOf(`{ contracts { edges { node { ...Card } } } } fragment Card on Contract { ${card} }`))).toBe(true);
    for (const field of NEVER_ON_CARDS) {
      expect(asksOnlyCards(infoOf(`{ contracts { edges { node { ${card} ${field} { __typename } } } } }`)), field).toBe(false);
    }
    expect(asksOnlyCards(infoOf(`{ contracts { edges { node { provider { email } } } } }`))).toBe(false);
  });
});
