import { Badge } from '../../../components/Badge.tsx';
import { formatDate } from '../../../format/format.ts';
import { Model } from './contractCardParts.ts';

export type FreshnessFacts = {
  readonly delayedSince: string | null | undefined;
  readonly onTimeRecord: { readonly onTime: number; readonly periods: number } | null | undefined;
};

/**
 * The freshness promise on a card (docs/decisions.md "Issue 26: the freshness promise"): "delayed
 * since" while the next release is overdue, else the measured on-time record; nothing for a static
 * listing or one too young to have a full period. It reads the card's own fragment and draws with
 * the card's parts: the floor's JavaScript budget has no room for another fragment or new styles.
 */
export function ContractFreshness({ c: { delayedSince, onTimeRecord: r } }: { c: FreshnessFacts }) {
  if (delayedSince) {
    return (
      <Badge size="sm" tone="red" dot data-testid="contract-delayed">
        Delayed since {formatDate(delayedSince)}
      </Badge>
    );
  }
  return r?.periods ? <Model data-testid="contract-on-time">{`${r.onTime}/${r.periods} on time`}</Model> : null;
}
