-- CreateIndex
CREATE INDEX "Contract_status_category_price_id_idx" ON "Contract"("status", "category", "price", "id");
