// The headings of the reference page: every route names one (`documentedAs(tag)`), and each has a
// description here, so a new room cannot add an undescribed heading (the type refuses it).

export const TAGS = {
  Accounts: 'Registration, e-mail verification, login and its two-factor step, sessions, passwords, the profile and its avatar.',
  Market: 'The public market: statistics, the listed contracts and their bids.',
  Contracts: "A contract's bids, purchases and free sample.",
  Listings: "A provider's listings: creating one, its file and releases, its details and revisions, pausing, resuming, delisting, and its sample.",
  'Due diligence': 'A provider\'s application to sell, and its review by administrators.',
  Payments: 'Checkout: a payment, its escrow, disputes with their evidence, and settlement by administrators.',
  'Invoices and statements': 'Invoices and credit notes of payments, and providers\' monthly statements (PDF).',
  'Data delivery': 'What a buyer bought: access to the data and its key, the file download (resumable with Range) and the NDJSON stream.',
  Reviews: 'Ratings of providers by buyers who bought from them.',
  Messages: 'Conversations between users.',
  Notifications: 'The notification centre and the choice of channels per kind.',
  Support: 'Support tickets (also from visitors without an account) and their answers.',
  Trading: 'Long and short positions on contracts\' market prices.',
  Earnings: "The platform's commission earnings (administrators).",
  Webhooks: 'Webhook endpoints that receive the events concerning their owner, signed, with their delivery log, and the event feed to catch up.',
} as const;

export type Tag = keyof typeof TAGS;
