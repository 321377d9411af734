-- DropIndex
DROP INDEX "Contract_status_salesCount_idx";

-- CreateIndex
CREATE INDEX "Contract_status_salesCount_createdAt_id_idx" ON "Contract"("status", "salesCount", "createdAt", "id");
