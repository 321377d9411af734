import { formatUsd, parseMoney, type MoneyLike } from '../../money/money.ts';
import type { Tx } from '../../transitions/transition.ts';

/** What one person is told of one event: a line, a sentence, and where it leads in the web app. */
export interface Notice {
  userId: string;
  title: string;
  body: string;
  /** A path of the web app, e.g. `/contracts/<id>`. */
  link: string | null;
}

/**
 * Who is concerned by an event of one type, and what each is told. Reads what it needs with the
 * fan-out's transaction (the event's `data` holds ids only); answers nobody when the subject is gone.
 */
export type Describer = (tx: Tx, data: Record<string, unknown>) => Promise<Notice[]>;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** An amount as the notices write it: `$1,234.50`. */
export const usd = (amount: MoneyLike): string => formatUsd(parseMoney(amount));
