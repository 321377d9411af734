import { decimalString, mulDiv, type Cents } from '../money/money.ts';

// Paper positions, exactly (docs/decisions.md "Trading"). Prices are whole cents and quantities
// whole hundredths (both two-place decimals, read with parseMoney), so every figure below is an
// exact integer product rounded once, half away from zero, to the cent. Pure.

export type PositionSide = 'long' | 'short';

export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 5;

/** Hundredths of a unit: quantity 1.50 is 150n. */
export type Hundredths = bigint;

/** What the position is worth at `price`: price x quantity, to the cent. */
export function notional(price: Cents, quantity: Hundredths): Cents {
  return mulDiv(price, quantity, 100n);
}

/** margin = entry x quantity / multiplier, to the cent (a figure: paper trading moves no money). */
export function margin(entry: Cents, quantity: Hundredths, multiplier: number): Cents {
  return mulDiv(entry, quantity, 100n * BigInt(multiplier));
}

/** P/L long = (current - entry) x quantity x multiplier; short is the negative. To the cent. */
export function profitAndLoss(side: PositionSide, entry: Cents, current: Cents, quantity: Hundredths, multiplier: number): Cents {
  const move = side === 'long' ? current - entry : entry - current;
  return mulDiv(move, quantity * BigInt(multiplier), 100n);
}

/**
 * P/L as a percentage of entry x quantity, to two places ("12.50"). The quantity cancels out:
 * (move x quantity x multiplier) / (entry x quantity) = move x multiplier / entry. An entry of 0
 * (a free contract) has no meaningful percentage: "0.00".
 */
export function profitAndLossPercent(side: PositionSide, entry: Cents, current: Cents, multiplier: number): string {
  if (entry === 0n) return '0.00';
  const move = side === 'long' ? current - entry : entry - current;
  // hundredths of a percent: move x multiplier x 10,000 / entry, rounded half away from zero
  return decimalString(mulDiv(move, BigInt(multiplier) * 10_000n, entry));
}

export type CloseTrigger = 'stop_loss' | 'take_profit';

/**
 * Whether a new market price closes the position, and why. A long position stops out at or below
 * its stop-loss and takes profit at or above its take-profit; a short one the other way round.
 * When both would trigger (a level set on the wrong side), the stop-loss wins: the safer reading.
 */
export function crossedLevel(side: PositionSide, price: Cents, levels: { stopLoss: Cents | null; takeProfit: Cents | null }): CloseTrigger | null {
  const { stopLoss, takeProfit } = levels;
  if (side === 'long') {
    if (stopLoss !== null && price <= stopLoss) return 'stop_loss';
    if (takeProfit !== null && price >= takeProfit) return 'take_profit';
  } else {
    if (stopLoss !== null && price >= stopLoss) return 'stop_loss';
    if (takeProfit !== null && price <= takeProfit) return 'take_profit';
  }
  return null;
}

/**
 * Why a stop-loss or take-profit is refused at opening, or null: each must lie on its side of the
 * entry price (a long stop below it, a long target above it; a short one the other way), otherwise
 * the position would close on the next tick, which nobody means to do.
 */
export function levelRefusal(side: PositionSide, entry: Cents, levels: { stopLoss: Cents | null; takeProfit: Cents | null }): { field: 'stopLoss' | 'takeProfit'; message: string } | null {
  const { stopLoss, takeProfit } = levels;
  const below = side === 'long';
  if (stopLoss !== null && (below ? stopLoss >= entry : stopLoss <= entry)) {
    return { field: 'stopLoss', message: `Stop-loss must be ${below ? 'below' : 'above'} the entry price (${decimalString(entry)}) for a ${side} position` };
  }
  if (takeProfit !== null && (below ? takeProfit <= entry : takeProfit >= entry)) {
    return { field: 'takeProfit', message: `Take-profit must be ${below ? 'above' : 'below'} the entry price (${decimalString(entry)}) for a ${side} position` };
  }
  return null;
}
