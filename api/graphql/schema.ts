import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './scalars.ts';
import './errors.ts';
import './enums.ts';
import './user.ts';
import './accounts.ts';
import './security.ts';
import './two-factor.ts';
import './account-settings.ts';
import './market-stats.ts';
import './compliance.ts';
import './contract.ts';
import './pre-purchase.ts';
import './bids.ts';
import './purchase.ts';
import './payment.ts';
import './renewals.ts';
import './dispute-evidence.ts';
import './invoice.ts';
import './delivery.ts';
import './dashboard.ts';
import './diligence.ts';
import './listing.ts';
import './listing-lifecycle.ts';
import './releases.ts';
import './review.ts';
import './messaging.ts';
import './notifications.ts';
import './earnings.ts';
import './support.ts';
import './trading.ts';
import './freshness.ts';
import './provider-profile.ts';
import './api-tokens.ts';
import './webhooks.ts';

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

export const schema = builder.toSchema({ sortSchema: true });

export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema));
}
