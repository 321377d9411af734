-- Every category now has its own ticker (docs/decisions.md "Hardening: screens"), so search finds
-- a sector by its code; the shared "DATA" word, which matched every contract, is gone. Prisma's
-- diff ignores functions, so the function is replaced here and every search vector recomputed.
CREATE OR REPLACE FUNCTION contract_category_words(c "Category") RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE c
    WHEN 'financial' THEN 'Financial Data FINX'
    WHEN 'consumer' THEN 'Consumer Behavior CONS'
    WHEN 'healthcare' THEN 'Healthcare HLTH'
    WHEN 'social' THEN 'Social Media SOCL'
    WHEN 'ecommerce' THEN 'E-commerce ecommerce ECOM'
    WHEN 'real_estate' THEN 'Real Estate REAL'
    WHEN 'transportation' THEN 'Transportation TRAN'
    WHEN 'energy' THEN 'Energy ENRG'
    WHEN 'entertainment' THEN 'Entertainment ENTR'
    WHEN 'education' THEN 'Education EDUC'
    WHEN 'market' THEN 'Market Data MRKT'
    WHEN 'technology' THEN 'Technology TECH'
    ELSE 'Other OTHR'
  END
$$;

UPDATE "Contract" SET title = title;
