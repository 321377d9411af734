import { z } from 'zod';
import { isMoney, parseMoney } from '../money/money.ts';
import { MAX_MULTIPLIER, MIN_MULTIPLIER } from './positions.rules.ts';

// What a trader sends to open a position. Numbers arrive as text (REST sends them as strings) or
// as JSON numbers; both are read exactly, as two-place decimals. entryPrice and margin are the
// server's to set (docs/decisions.md "Trading"), so they are not part of the input.

export const CONTRACT_AND_QUANTITY_REQUIRED = 'Please select a contract and enter quantity';
export const POSITION_TYPE_MESSAGE = 'Position type must be long or short';
export const MULTIPLIER_MESSAGE = `Multiplier must be a whole number from ${MIN_MULTIPLIER} to ${MAX_MULTIPLIER}`;
export const QUANTITY_MESSAGE = 'Quantity must be a number above 0 with at most two decimal places';
/** Keeps margin and P/L inside the stored Decimal(12,2) for any listed price. */
export const MAX_QUANTITY_HUNDREDTHS = 100_000_000n; // 1,000,000.00

const decimalText = z.union([z.string(), z.number()]).transform((v) => (typeof v === 'number' ? String(v) : v.trim()));

const level = (name: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      const text = v === null || v === undefined ? '' : String(v).trim();
      if (text === '') return null;
      if (!isMoney(text) || parseMoney(text) <= 0n) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a price above 0 with at most two decimal places` });
        return z.NEVER;
      }
      return parseMoney(text);
    });

export const openPositionInput = z.object({
  contractId: z.string().trim().min(1, CONTRACT_AND_QUANTITY_REQUIRED),
  positionType: z.enum(['long', 'short'], POSITION_TYPE_MESSAGE),
  quantity: decimalText.transform((text, ctx) => {
    const hundredths = isMoney(text) ? parseMoney(text) : -1n;
    if (hundredths <= 0n) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    if (hundredths > MAX_QUANTITY_HUNDREDTHS) {
      ctx.addIssue({ code: 'custom', message: 'Quantity can be at most 1,000,000' });
      return z.NEVER;
    }
    return hundredths;
  }),
  leverage: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      const text = v === null || v === undefined ? '' : String(v).trim();
      if (text === '') return MIN_MULTIPLIER;
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < MIN_MULTIPLIER || n > MAX_MULTIPLIER) {
        ctx.addIssue({ code: 'custom', message: MULTIPLIER_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  stopLoss: level('Stop-loss'),
  takeProfit: level('Take-profit'),
});

export type OpenPositionInput = z.output<typeof openPositionInput>;
