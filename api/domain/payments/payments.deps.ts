// What every room of payments shares (docs/decisions.md, "Payments: the rooms"): the services a
// payment use-case needs, the bounds of its transactions, the payment's row lock, and the
// buyer-only load that the confirmation and the dispute start from.
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { NotFoundError, PermissionError } from '../errors.ts';
import { canSeePayment, isBuyerOf } from '../policies.ts';
import type { Tx } from '../transitions/transition.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * How long a payment's transaction may wait for a pooled database connection, and run once it has
 * one. Prisma's defaults (2 s wait, 5 s run) turn a queue into failures: with 200 buyers paying at
 * once on a pool of PG_POOL_MAX (10) connections, the later ones waited over 2 s and were answered
 * 500 "Unable to start a transaction in the given time" (bench/payments.ts). A payment waits its
 * turn instead: on a loaded 2-core machine the whole burst took up to 22 s per call, hence a wait
 * of up to a minute; the bounds still end a transaction stuck for good.
 */
export const PAYMENT_TRANSACTION = { maxWait: 60_000, timeout: 30_000 } as const;

export interface PaymentDeps {
  db: Db;
  events: EventPublisher;
  jobs: Pick<Jobs, 'schedule' | 'cancel'>;
  mailer: Mailer;
  provider: PaymentProvider;
  logger?: Logger;
  clock?: () => Date;
  /** When a claimed payment still processing is reconciled (PAYMENT_RECONCILE_AFTER_MS); default RECONCILE_AFTER_MS. */
  reconcileAfterMs?: number;
}

export const nowOf = (deps: { clock?: () => Date }) => (deps.clock ? deps.clock() : new Date());

/** Serializes the writes of one payment: a confirmation, the reconcile job, a dispute, a settlement. */
export async function lockPayment(tx: Tx, paymentId: string) {
  await tx.$queryRaw`SELECT id FROM "Payment" WHERE id = ${paymentId} FOR UPDATE`;
}

/** A payment only its buyer may act on: unknown to those who may not see it, refused to its seller and admins. */
export async function loadForBuyer(db: Db | Tx, viewer: User, paymentId: string) {
  const payment = isRecordId(paymentId) ? await db.payment.findUnique({ where: { id: paymentId }, include: { contract: true } }) : null;
  if (!payment || !canSeePayment(viewer, payment)) throw new NotFoundError('Payment not found');
  if (!isBuyerOf(viewer, payment)) throw new PermissionError('Only the buyer can do this with a payment', 'NOT_OWNER');
  return payment;
}

export async function sendQuietly(deps: Pick<PaymentDeps, 'mailer' | 'logger'>, mails: Parameters<Mailer['send']>[0][]) {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      // The decision is made and stored; a mail that cannot go out must not undo it.
      deps.logger?.warn({ err, to: mail.to }, 'payments: could not send a mail');
    }
  }
}
