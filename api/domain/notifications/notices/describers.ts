import type { Describer } from './notice.ts';
import { marketNotices } from './market.notices.ts';

// Every event type's describer, one file per area (notices/<area>.notices.ts). An event type with
// no describer tells nobody (it still reaches the event feed and webhooks).
export const DESCRIBERS: Record<string, Describer> = {
  ...marketNotices,
};
