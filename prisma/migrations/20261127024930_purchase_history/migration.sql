-- AlterEnum
ALTER TYPE "StatusSubject" ADD VALUE 'purchase';
