-- numeric through the query engine's newer parts: scalar and IN / EXISTS subqueries, ROLLUP,
-- DISTINCT ON, ordered aggregates and FILTER, grouping under a small work_mem.
CREATE TABLE t (k int, x numeric(8,2));
INSERT INTO t VALUES (1, 1.5), (2, 2.25), (3, NULL), (4, 2.250);
SELECT k, (SELECT max(x) FROM t) FROM t ORDER BY k;
SELECT k FROM t WHERE x IN (SELECT x FROM t WHERE k > 1) ORDER BY k;
SELECT k, x FROM t a WHERE EXISTS (SELECT 1 FROM t b WHERE b.x = a.x AND b.k <> a.k) ORDER BY k;
SELECT DISTINCT ON (x) x, k FROM t ORDER BY x, k DESC;
SELECT string_agg(x::text, ',' ORDER BY x) FROM t;
SELECT sum(x) FILTER (WHERE k > 1), avg(x ORDER BY x) FROM t;
SET work_mem = '64kB';
SELECT x, count(*) FROM t GROUP BY x ORDER BY x;
SELECT generate_series(1, 3) * 1.5;
SELECT x, count(*) FROM t GROUP BY ROLLUP (x) ORDER BY x, count(*);
RESET work_mem;
DROP TABLE t;
