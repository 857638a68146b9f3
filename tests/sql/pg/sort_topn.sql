-- ORDER BY ... LIMIT keeps only the rows that can still be among the first LIMIT + OFFSET
-- while it reads (a bounded sort); with work_mem = 64kB a large bound also spills runs.
CREATE TABLE d (i int);
INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
CREATE TABLE t (a int, b text, c float8, n int);
INSERT INTO t
SELECT a.i*10000 + b.i*1000 + c.i*100 + e.i*10 + f.i,
       'v' || ((a.i*7 + b.i*3 + c.i*11 + e.i*13 + f.i*17) % 97)::text,
       f.i * 0.5::float8,
       CASE WHEN (b.i + f.i) % 7 = 0 THEN NULL ELSE (a.i*31 + c.i*7 + e.i) % 50 END
FROM d a, d b, d c, d e, d f;
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
