-- Where PostgreSQL would compute in numeric and float8 could answer differently, Sunstone
-- refuses with 0A000 instead of printing a different value.
SELECT 1.50;
SELECT CASE WHEN false THEN 1 ELSE 2.50 END;
SELECT sum(1.5);
SELECT 2 * 1.5;
SELECT round(1.5);
SELECT pow(9, 0.5);
SELECT avg(x) FROM (VALUES (1)) v(x);
