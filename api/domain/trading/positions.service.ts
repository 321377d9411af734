import type { Db } from '../../db/database.ts';
import type { Position, User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { EventPublisher, PositionUpdatedEvent } from '../../events/events.ts';
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import { AuthenticationError, ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { decimalString, MAX_STORED_CENTS, parseMoney, type Cents } from '../money/money.ts';
import { transition, recordCreated, type Tx } from '../transitions/transition.ts';
import { POSITION_MACHINE } from './positions.machine.ts';
import { crossedLevel, levelRefusal, margin, notional, profitAndLoss, type CloseTrigger } from './positions.rules.ts';
import { CONTRACT_AND_QUANTITY_REQUIRED, openPositionInput } from './positions.schemas.ts';

// Paper positions (docs/decisions.md "Trading"): a trader opens a long or short position on an
// active contract at its market price, follows its P/L as the market price moves, and closes it by
// hand or through a stop-loss or take-profit. No money moves: margin and P/L are figures.
//
// Stop-loss and take-profit: the sale that writes a price tick schedules a `positions.mark` job for
// that tick in the same transaction (schedulePositionMarks). The job runner runs it exactly once,
// also with several instances, oldest tick first; it closes every open position of the contract
// whose level the tick's price crossed, at that price, and tells each holder their P/L moved.

export interface TradingDeps {
  db: Db;
  events: EventPublisher;
}

export const MARK_JOB = 'positions.mark';
export const POSITION_NOT_FOUND = 'Position not found';
export const ALREADY_CLOSED = 'This position is already closed';

const cents = (v: { toFixed(dp: number): string }): Cents => parseMoney(v.toFixed(2));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function publishPosition(events: EventPublisher, userId: string, position: Pick<Position, 'id' | 'contractId' | 'status' | 'closeReason'>, change: PositionUpdatedEvent['change']) {
  events.publish('positionUpdated', userId, { positionId: position.id, contractId: position.contractId, status: position.status, change, closeReason: position.closeReason });
}

/** Opens a position for the viewer at the contract's market price now; entry price and margin are the server's. */
export async function openPosition(deps: TradingDeps, viewer: User | null, rawInput: unknown): Promise<Position> {
  if (!viewer) throw new AuthenticationError();
  const raw = (rawInput ?? {}) as Record<string, unknown>;
  if (blank(raw.contractId) || blank(raw.quantity)) {
    const missing = (['contractId', 'quantity'] as const).filter((f) => blank(raw[f]));
    throw new ValidationError(CONTRACT_AND_QUANTITY_REQUIRED, missing.map((field) => ({ field, message: CONTRACT_AND_QUANTITY_REQUIRED })));
  }
  const input = parseInput(openPositionInput, raw);
  const position = await deps.db.$transaction(async (tx) => {
    const contract = isRecordId(input.contractId)
      ? await tx.contract.findUnique({ where: { id: input.contractId }, select: { id: true, status: true, marketPrice: true } })
      : null;
    if (!contract) throw new NotFoundError('Contract not found');
    if (contract.status !== 'active') throw new ConflictError('This contract is not trading', 'CONTRACT_NOT_ACTIVE');
    const entry = cents(contract.marketPrice);
    const levels = { stopLoss: input.stopLoss, takeProfit: input.takeProfit };
    const refusal = levelRefusal(input.positionType, entry, levels);
    if (refusal) throw new ValidationError(refusal.message, [refusal]);
    const held = margin(entry, input.quantity, input.leverage);
    // The largest figure a position stores is its worst P/L: entry x quantity x multiplier.
    if (notional(entry, input.quantity) * BigInt(input.leverage) > MAX_STORED_CENTS) {
      throw new ValidationError('This position is too large', [{ field: 'quantity', message: 'This position is too large' }]);
    }
    const created = await tx.position.create({
      data: {
        userId: viewer.id,
        contractId: contract.id,
        positionType: input.positionType,
        status: 'open',
        entryPrice: decimalString(entry),
        quantity: decimalString(input.quantity),
        leverage: input.leverage,
        margin: decimalString(held),
        stopLoss: levels.stopLoss === null ? null : decimalString(levels.stopLoss),
        takeProfit: levels.takeProfit === null ? null : decimalString(levels.takeProfit),
      },
    });
    await recordCreated(tx, { machine: POSITION_MACHINE, id: created.id, status: 'open', actorId: viewer.id });
    return created;
  });
  publishPosition(deps.events, viewer.id, position, 'opened');
  return position;
}

/** Closes one of the viewer's open positions at the market price now, recording the realised P/L. */
export async function closePosition(deps: TradingDeps, viewer: User | null, positionId: string): Promise<Position> {
  if (!viewer) throw new AuthenticationError();
  const position = await deps.db.$transaction(async (tx) => {
    // Someone else's position answers as one that does not exist: positions are private.
    const current = isRecordId(positionId)
      ? await tx.position.findFirst({ where: { id: positionId, userId: viewer.id }, include: { contract: { select: { marketPrice: true } } } })
      : null;
    if (!current) throw new NotFoundError(POSITION_NOT_FOUND);
    if (current.status === 'closed') throw new ConflictError(ALREADY_CLOSED, 'INVALID_TRANSITION');
    await closeAt(tx, current, cents(current.contract.marketPrice), 'manual', viewer.id, new Date());
    return tx.position.findUniqueOrThrow({ where: { id: current.id } });
  });
  publishPosition(deps.events, viewer.id, position, 'closed');
  return position;
}

/** The guarded move open -> closed with exit price and realised P/L; a racing close makes it a 409. */
async function closeAt(tx: Tx, position: Position, exit: Cents, reason: 'manual' | CloseTrigger, actorId: string | null, now: Date) {
  const realized = profitAndLoss(position.positionType, cents(position.entryPrice), exit, parseMoney(position.quantity.toFixed(2)), position.leverage);
  const note = reason === 'manual' ? 'Closed by the trader' : `${reason === 'stop_loss' ? 'Stop-loss' : 'Take-profit'} reached at ${decimalString(exit)}`;
  await transition(tx, {
    machine: POSITION_MACHINE,
    id: position.id,
    from: 'open',
    to: 'closed',
    actorId,
    note,
    data: { closedAt: now, exitPrice: decimalString(exit), realizedPnl: decimalString(realized), closeReason: reason },
    messages: { raced: ALREADY_CLOSED },
  });
}

/** Schedules the marking of a contract's open positions at a new price tick (in the tick's transaction). */
export function schedulePositionMarks(tx: Tx, jobs: Pick<Jobs, 'schedule'>, tick: { id: string; contractId: string; price: { toFixed(dp: number): string }; createdAt: Date }) {
  return jobs.schedule(tx, {
    kind: MARK_JOB,
    key: `${MARK_JOB}:${tick.id}`,
    runAt: tick.createdAt,
    payload: { contractId: tick.contractId, price: tick.price.toFixed(2), tickId: tick.id },
  });
}

/**
 * Marks a contract's open positions at a tick's price: closes those whose stop-loss or take-profit
 * the price crossed (at that price), and returns every position touched, for the events.
 */
export async function markPositions(tx: Tx, tick: { contractId: string; price: string }, now: Date) {
  const price = parseMoney(tick.price);
  const open = await tx.position.findMany({ where: { contractId: tick.contractId, status: 'open' }, orderBy: { openedAt: 'asc' } });
  const touched: Array<{ userId: string; position: Pick<Position, 'id' | 'contractId' | 'status' | 'closeReason'>; change: 'closed' | 'marked' }> = [];
  for (const position of open) {
    const trigger = crossedLevel(position.positionType, price, {
      stopLoss: position.stopLoss === null ? null : cents(position.stopLoss),
      takeProfit: position.takeProfit === null ? null : cents(position.takeProfit),
    });
    if (trigger) {
      try {
        await closeAt(tx, position, price, trigger, null, now);
        touched.push({ userId: position.userId, position: { ...position, status: 'closed', closeReason: trigger }, change: 'closed' });
        continue;
      } catch (err) {
        // Closed by its trader meanwhile: the guarded update changed nothing, nothing to undo.
        if (!(err instanceof ConflictError)) throw err;
      }
    }
    touched.push({ userId: position.userId, position, change: 'marked' });
  }
  return touched;
}

/** Registers the trading jobs on a runner (api/app.ts; tests register a second runner the same way). */
export function registerTradingJobs(jobs: Pick<Jobs, 'register'>, deps: { events: EventPublisher }) {
  jobs.register(MARK_JOB, async (payload: { contractId: string; price: string }, ctx: JobContext) => {
    const touched = await markPositions(ctx.tx, payload, ctx.now);
    ctx.afterCommit(() => {
      for (const t of touched) publishPosition(deps.events, t.userId, t.position, t.change);
    });
  });
}
