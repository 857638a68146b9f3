-- ORDER BY ... LIMIT keeps only the rows that can still be among the first LIMIT + OFFSET
-- while it reads (a bounded sort); with work_mem = 64kB a large bound also spills runs.
\i include/spill_data.sql
SELECT a, b FROM t ORDER BY b, a LIMIT 5;
SELECT a, b, c FROM t ORDER BY b DESC, c, a DESC LIMIT 4 OFFSET 3;
SELECT a, n FROM t ORDER BY n NULLS FIRST, a LIMIT 3;
SELECT a, n FROM t ORDER BY n DESC NULLS LAST, a LIMIT 3;
SELECT a, n FROM t ORDER BY n, a DESC LIMIT 2 OFFSET 85710;
SELECT a FROM t ORDER BY a DESC LIMIT 1;
SELECT a FROM t ORDER BY a LIMIT 0;
SELECT count(*) FROM (SELECT a FROM t ORDER BY b, a LIMIT 5000) s;
SELECT a, b FROM t ORDER BY b, a LIMIT 3 OFFSET 20000;
SET work_mem = '64kB';
SELECT a, b FROM t ORDER BY b, a LIMIT 3 OFFSET 20000;
SELECT a, b, c FROM t ORDER BY c DESC, b, a LIMIT 3 OFFSET 40000;
SELECT a, b FROM t ORDER BY b, a LIMIT 5;
