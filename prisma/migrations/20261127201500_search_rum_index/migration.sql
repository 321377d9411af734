-- Search at scale (docs/decisions.md "Issue 28: search at scale"). Where the server has the RUM
-- extension (Debian's postgresql-NN-rum), an ordered inverted index on the search vector: it keeps
-- each word's positions and weights, so "most relevant" is ranked inside the index and the first
-- page read without ranking every match. Where the extension is missing (embedded PGlite, a server
-- without the package) or may not be created by this role, nothing happens and search keeps the GIN
-- index. The app looks for the index by name (api/domain/market/contracts.list.ts).
-- It indexes an expression, coalesce("searchVector", ''), not the column: Prisma cannot declare a
-- RUM index in prisma/schema/, and its diff (npm run migrate:check) leaves expression indexes alone
-- where it would drop a RUM index on the column.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS rum;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'rum is available but this role may not create it: search keeps the GIN index';
      RETURN;
    END;
    CREATE INDEX "Contract_searchVector_rum_idx" ON "Contract"
      USING rum ((coalesce("searchVector", ''::tsvector)) rum_tsvector_ops);
  END IF;
END
$$;
