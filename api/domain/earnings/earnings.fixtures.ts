// Test fixtures: trades written straight into the database, so the reviews, dashboard and
// earnings tests do not depend on the payment flow's services.
import type { PrismaClient } from '../../db/generated/prisma/client.ts';
import type { PaymentStatus } from '../../db/generated/prisma/enums.ts';
import { parseMoney, paymentAmountStrings } from '../money/money.ts';

export interface TradeSpec {
  buyerId: string;
  contractId: string;
  sellerId: string;
  price: string;
  status: PaymentStatus;
  /** When escrow started (paid statuses); default an hour ago. */
  escrowStartedAt?: Date;
  /** When it was released (status released); default now. */
  releasedAt?: Date;
}

/** A Payment in the given status with its Purchase, as the payment flow leaves them. */
export async function makeTrade(db: PrismaClient, spec: TradeSpec) {
  const paid = spec.status === 'escrowed' || spec.status === 'disputed' || spec.status === 'released' || spec.status === 'refunded';
  const escrowStartedAt = paid ? (spec.escrowStartedAt ?? new Date(Date.now() - 3_600_000)) : null;
  const payment = await db.payment.create({
    data: {
      contractId: spec.contractId,
      buyerId: spec.buyerId,
      sellerId: spec.sellerId,
      ...paymentAmountStrings(parseMoney(spec.price)),
      paymentMethod: 'card',
      status: spec.status,
      escrowStartedAt,
      releasedAt: spec.status === 'released' ? (spec.releasedAt ?? new Date()) : null,
      refundedAt: spec.status === 'refunded' ? new Date() : null,
    },
  });
  const purchaseStatus = spec.status === 'refunded' ? 'revoked' : paid ? 'active' : 'pending';
  const purchase = await db.purchase.create({
    data: { buyerId: spec.buyerId, contractId: spec.contractId, paymentId: payment.id, status: purchaseStatus, amount: payment.amount },
  });
  return { payment, purchase };
}

/** Many trades in two statements (payments, then their purchases): fixtures of hundreds stay fast. */
export async function makeTrades(db: PrismaClient, specs: TradeSpec[]) {
  const payments = await db.payment.createManyAndReturn({
    data: specs.map((spec) => {
      const paid = spec.status === 'escrowed' || spec.status === 'disputed' || spec.status === 'released' || spec.status === 'refunded';
      return {
        contractId: spec.contractId,
        buyerId: spec.buyerId,
        sellerId: spec.sellerId,
        ...paymentAmountStrings(parseMoney(spec.price)),
        paymentMethod: 'card' as const,
        status: spec.status,
        escrowStartedAt: paid ? (spec.escrowStartedAt ?? new Date(Date.now() - 3_600_000)) : null,
        releasedAt: spec.status === 'released' ? (spec.releasedAt ?? new Date()) : null,
        refundedAt: spec.status === 'refunded' ? new Date() : null,
      };
    }),
  });
  await db.purchase.createMany({
    data: payments.map((p) => ({
      buyerId: p.buyerId,
      contractId: p.contractId,
      paymentId: p.id,
      status: p.status === 'refunded' ? ('revoked' as const) : p.escrowStartedAt ? ('active' as const) : ('pending' as const),
      amount: p.amount,
    })),
  });
  return payments;
}
