-- One trade count (docs/decisions.md, "One trade count"): a provider's trades are their sales paid
-- for (escrowed, disputed or released). "completedSales" (released sales only) and "tradeCount"
-- (every payment as buyer or seller) disagreed: one counter stays, recomputed from the payments.
ALTER TABLE "User" DROP COLUMN "completedSales";

UPDATE "User" u SET "tradeCount" = (
  SELECT count(*)::int FROM "Payment" p WHERE p."sellerId" = u.id AND p.status::text IN ('escrowed', 'disputed', 'released'));

-- Each listing's sales by the same rule, so a provider's trades are the sum of their listings' sales.
UPDATE "Contract" c SET "salesCount" = (
  SELECT count(*)::int FROM "Payment" p WHERE p."contractId" = c.id AND p.status::text IN ('escrowed', 'disputed', 'released'));
