-- CreateEnum
CREATE TYPE "RenewalStatus" AS ENUM ('off', 'scheduled', 'retrying', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "RenewalOutcome" AS ENUM ('renewed', 'declined');

-- AlterTable
ALTER TABLE "Purchase" ADD COLUMN     "autoRenew" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "renewalCancelledAt" TIMESTAMP(3),
ADD COLUMN     "renewalFailureReason" TEXT,
ADD COLUMN     "renewalStatus" "RenewalStatus" NOT NULL DEFAULT 'off',
ADD COLUMN     "savedPaymentMethodId" TEXT;

-- CreateTable
CREATE TABLE "SavedPaymentMethod" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedPaymentMethod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseRenewal" (
    "id" TEXT NOT NULL,
    "purchaseId" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "attempt" INTEGER NOT NULL,
    "outcome" "RenewalOutcome" NOT NULL,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PurchaseRenewal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SavedPaymentMethod_token_key" ON "SavedPaymentMethod"("token");

-- CreateIndex
CREATE INDEX "SavedPaymentMethod_userId_idx" ON "SavedPaymentMethod"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseRenewal_paymentId_key" ON "PurchaseRenewal"("paymentId");

-- CreateIndex
CREATE INDEX "PurchaseRenewal_purchaseId_createdAt_idx" ON "PurchaseRenewal"("purchaseId", "createdAt");

-- AddForeignKey
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_savedPaymentMethodId_fkey" FOREIGN KEY ("savedPaymentMethodId") REFERENCES "SavedPaymentMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedPaymentMethod" ADD CONSTRAINT "SavedPaymentMethod_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseRenewal" ADD CONSTRAINT "PurchaseRenewal_purchaseId_fkey" FOREIGN KEY ("purchaseId") REFERENCES "Purchase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseRenewal" ADD CONSTRAINT "PurchaseRenewal_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
