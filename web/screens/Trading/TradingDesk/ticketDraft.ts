import type { ChosenContract } from './chosenContract.ts';
import { DEFAULT_MULTIPLIER, type Side } from './tradingFigures.ts';

/** What the open-position form holds until it is sent (the multiplier card explains the same figures). */
export type TicketDraft = {
  contract: ChosenContract | null;
  side: Side;
  quantity: string;
  multiplier: number;
  stopLoss: string;
  takeProfit: string;
};

export function emptyDraft(contract: ChosenContract | null): TicketDraft {
  return { contract, side: 'long', quantity: '', multiplier: DEFAULT_MULTIPLIER, stopLoss: '', takeProfit: '' };
}
