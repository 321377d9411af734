-- AlterTable
ALTER TABLE "Contract" ADD COLUMN     "delayedSince" TIMESTAMP(3);
