-- Decimal literals (numeric in PostgreSQL) where Sunstone gives PostgreSQL's exact answer:
-- float8 contexts, comparisons, assignment rounding, casts to int and text.
SELECT 1.5, -0.25, 100.5;
SELECT CASE WHEN true THEN 1 ELSE 2.5 END;
SELECT COALESCE(NULL, 0.5);
CREATE TABLE d (i int, f float8, t text, v varchar(5));
INSERT INTO d VALUES (2.5, 2.5, 2.5, 1.25), (-2.5, -1.5e3, 1.50, 0.5), (3.49, 0.1, -7.25, 12.5);
SELECT * FROM d ORDER BY i;
SELECT 2.5::int, (-2.5)::int, 3.5::bigint, 1.5::text, 1.50::varchar(10);
SELECT f * 2.5, f > 1.5, f + 0.1 FROM d ORDER BY i;
SELECT count(1.5), max(f) FROM d;
VALUES (1.5), (2.25);
VALUES (1.5), (2);
DROP TABLE d;
SELECT 1e3, 1.5e-3::float8, 1.50::float8, 1.5e-3::text, 1e3::text, (-0.0)::text, 0.000::text, 123.4500e2::text, 5e-1::text;
SELECT 1e3, -2.5e1::int;
