-- numeric aggregates: sum(numeric) and sum(bigint) are numeric, avg of integers and numeric
-- is numeric with division's scale, min/max/count(DISTINCT), GROUP BY, ORDER BY, DISTINCT,
-- joins and set operations on numeric values (1.0 = 1.00).
CREATE TABLE t (g int, x numeric(12,2), y numeric, i int, j int8);
INSERT INTO t VALUES (1, 1.10, 1.0, 1, 9223372036854775807), (1, 2.20, 1.00, 2, 9223372036854775807),
  (2, NULL, 2.5, 3, 1), (2, 4.40, 'NaN', 4, 2), (3, -1.00, 1e-20, 5, -3), (3, 0.01, 1, NULL, NULL);
SELECT sum(x), avg(x), min(x), max(x), count(x), count(DISTINCT y) FROM t;
SELECT sum(i), avg(i), sum(j), avg(j), avg(i::int2), sum(y) FROM t;
SELECT g, sum(x), avg(x), min(y), max(y) FROM t GROUP BY g ORDER BY g;
SELECT y, count(*) FROM t GROUP BY y ORDER BY y;
SELECT DISTINCT y FROM t ORDER BY y DESC;
SELECT y FROM t ORDER BY y, g;
SELECT a.g, b.g FROM t a JOIN t b ON a.y = b.y WHERE a.g < b.g ORDER BY 1, 2;
SELECT y FROM t WHERE g = 1 UNION SELECT 1.000 ORDER BY 1;
SELECT y FROM t INTERSECT SELECT 2.5 ORDER BY 1;
SELECT sum(x) FROM t WHERE false;
SELECT avg(x) FROM t WHERE g = 9;
SELECT sum(v), avg(v) FROM (VALUES (1e20), (1e20), (-1e-20)) s(v);
SELECT sum(v), avg(v) FROM (VALUES ('Infinity'::numeric), (1)) s(v);
SELECT sum(v) FROM (VALUES ('Infinity'::numeric), ('-Infinity'::numeric)) s(v);
SELECT avg(v) FROM (VALUES (1), (2), (2)) s(v);
SELECT avg(v) FROM (VALUES (1000000.0), (3)) s(v);
SELECT sum(1.5), avg(0.25);
DROP TABLE t;
