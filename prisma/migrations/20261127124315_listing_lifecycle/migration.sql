-- CreateEnum
CREATE TYPE "RevisionStatus" AS ENUM ('pending', 'approved', 'rejected');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ContractStatus" ADD VALUE 'paused';
ALTER TYPE "ContractStatus" ADD VALUE 'delisted';

-- CreateTable
CREATE TABLE "ContractRevision" (
    "id" TEXT NOT NULL,
    "contractId" TEXT NOT NULL,
    "status" "RevisionStatus" NOT NULL DEFAULT 'pending',
    "category" "Category" NOT NULL,
    "dataAccessType" "DataAccessType" NOT NULL,
    "dataAccessUrl" TEXT,
    "proposedById" TEXT,
    "reviewedById" TEXT,
    "rejectionReason" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContractRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContractRevision_status_createdAt_idx" ON "ContractRevision"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ContractRevision_contractId_status_idx" ON "ContractRevision"("contractId", "status");

-- AddForeignKey
ALTER TABLE "ContractRevision" ADD CONSTRAINT "ContractRevision_contractId_fkey" FOREIGN KEY ("contractId") REFERENCES "Contract"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractRevision" ADD CONSTRAINT "ContractRevision_proposedById_fkey" FOREIGN KEY ("proposedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContractRevision" ADD CONSTRAINT "ContractRevision_reviewedById_fkey" FOREIGN KEY ("reviewedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One pending revision per listing: a second proposal replaces the first (the service updates it);
-- this index is what keeps two racing first proposals from both being inserted.
CREATE UNIQUE INDEX "ContractRevision_one_pending_per_contract" ON "ContractRevision"("contractId") WHERE "status" = 'pending';
