-- AlterEnum
-- A payment claimed by one confirmation while the payment provider charges it.
ALTER TYPE "PaymentStatus" ADD VALUE 'processing' AFTER 'pending';
