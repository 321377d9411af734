// The scopes a token may be given, with the one line the form shows (the schema's ApiTokenScope;
// docs/decisions.md "Issue 27: API tokens" has the table of what each opens).
export const TOKEN_SCOPES = [
  { value: 'MARKET_READ', meaning: 'Browse contracts, categories and market figures' },
  { value: 'TRADE', meaning: 'Bids, payments, checkout, positions and disputes' },
  { value: 'DATA_READ', meaning: 'Your library and access; download and stream purchased data' },
  { value: 'LISTINGS', meaning: 'Manage your listings as a provider, uploads and releases' },
  { value: 'MESSAGES', meaning: 'Read and send messages and your support tickets' },
  { value: 'ACCOUNT_READ', meaning: 'Read your profile, notifications and billing details' },
  { value: 'ACCOUNT_WRITE', meaning: 'Change your profile, notification preferences and billing' },
  { value: 'WEBHOOKS', meaning: 'Webhook endpoints and the event feed' },
  { value: 'ADMIN', meaning: 'Back office (administrators only)' },
] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number]['value'];

/** How the API and the docs write a scope: MARKET_READ is market:read. */
export function scopeName(value: string): string {
  return value.toLowerCase().replace('_', ':');
}

export const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];
