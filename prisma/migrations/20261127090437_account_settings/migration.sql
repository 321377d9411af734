-- AlterEnum
ALTER TYPE "EmailTokenPurpose" ADD VALUE 'change_email';

-- AlterTable
ALTER TABLE "EmailToken" ADD COLUMN     "newEmail" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deletedAt" TIMESTAMP(3);
