-- AlterTable
ALTER TABLE "Contract" ADD COLUMN     "salesCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "searchVector" tsvector;

-- CreateIndex
CREATE INDEX "Contract_status_salesCount_idx" ON "Contract"("status", "salesCount");

-- CreateIndex
CREATE INDEX "Contract_searchVector_idx" ON "Contract" USING GIN ("searchVector");

-- Full-text search (buyer-side.md §2 search, "most relevant" sort). Not expressible in
-- schema.prisma, so kept here: Prisma's diff ignores functions and triggers.
-- The category's label and ticker (DECISIONS.md "One category list") are searchable words too.
CREATE FUNCTION contract_category_words(c "Category") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE c
    WHEN 'financial' THEN 'Financial Data FINX'
    WHEN 'consumer' THEN 'Consumer Behavior CONS'
    WHEN 'healthcare' THEN 'Healthcare HLTH'
    WHEN 'social' THEN 'Social Media'
    WHEN 'ecommerce' THEN 'E-commerce ecommerce'
    WHEN 'real_estate' THEN 'Real Estate'
    WHEN 'transportation' THEN 'Transportation'
    WHEN 'energy' THEN 'Energy'
    WHEN 'entertainment' THEN 'Entertainment'
    WHEN 'education' THEN 'Education'
    WHEN 'market' THEN 'Market Data'
    WHEN 'technology' THEN 'Technology'
    ELSE 'Other'
  END || ' DATA'
$$;

CREATE FUNCTION contract_search_vector_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', contract_category_words(NEW.category)), 'B') ||
    setweight(to_tsvector('english', array_to_string(NEW."dataFields", ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END
$$;

CREATE TRIGGER contract_search_vector
  BEFORE INSERT OR UPDATE OF title, description, category, "dataFields" ON "Contract"
  FOR EACH ROW EXECUTE FUNCTION contract_search_vector_update();

UPDATE "Contract" SET title = title;
