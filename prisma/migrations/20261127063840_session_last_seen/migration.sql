-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
-- Sessions started before this column: their start is the best known "last seen".
UPDATE "Session" SET "lastSeenAt" = "createdAt";
