import type { Describer } from './notice.ts';
import { accessNotices } from './access.notices.ts';
import { diligenceNotices } from './diligence.notices.ts';
import { freshnessNotices } from './freshness.notices.ts';
import { disputesNotices } from './disputes.notices.ts';
import { listingsNotices } from './listings.notices.ts';
import { marketNotices } from './market.notices.ts';
import { messagingNotices } from './messaging.notices.ts';
import { paymentsNotices } from './payments.notices.ts';
import { subscriptionsNotices } from './subscriptions.notices.ts';
import { releasesNotices } from './releases.notices.ts';
import { supportNotices } from './support.notices.ts';
import { webhooksNotices } from './webhooks.notices.ts';

// Every event type's describer, one file per area (notices/<area>.notices.ts). An event type with
// no describer tells nobody (it still reaches the event feed and webhooks).
export const DESCRIBERS: Record<string, Describer> = {
  ...marketNotices,
  ...paymentsNotices,
  ...disputesNotices,
  ...listingsNotices,
  ...diligenceNotices,
  ...supportNotices,
  ...messagingNotices,
  ...accessNotices,
  ...releasesNotices,
  ...freshnessNotices,
  ...subscriptionsNotices,
  ...webhooksNotices,
};
