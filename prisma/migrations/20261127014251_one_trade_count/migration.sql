-- One trade count (docs/decisions.md, "One trade count"): a user's trades are the paid trades
-- they are a party to (escrowed, disputed or released; a refund takes one back), as buyer or
-- seller; a provider's completed sales are the paid ones they sold. "completedSales" counted
-- released sales only and "tradeCount" every payment: both are recomputed from the payments.
UPDATE "User" u SET
  "tradeCount" = (
    SELECT count(*)::int FROM "Payment" p
    WHERE (p."buyerId" = u.id OR p."sellerId" = u.id) AND p.status::text IN ('escrowed', 'disputed', 'released')),
  "completedSales" = (
    SELECT count(*)::int FROM "Payment" p WHERE p."sellerId" = u.id AND p.status::text IN ('escrowed', 'disputed', 'released'));

-- Each listing's sales by the same rule, so a provider's completed sales are the sum of their listings' sales.
UPDATE "Contract" c SET "salesCount" = (
  SELECT count(*)::int FROM "Payment" p WHERE p."contractId" = c.id AND p.status::text IN ('escrowed', 'disputed', 'released'));
