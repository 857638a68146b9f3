-- ORDER BY beyond work_mem: with work_mem = 64kB the sort writes sorted runs to temporary
-- files and merges them; every answer must equal the one at the default work_mem.
CREATE TABLE d (i int);
INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
CREATE TABLE t (a int, b text, c float8, n int);
INSERT INTO t
SELECT a.i*10000 + b.i*1000 + c.i*100 + e.i*10 + f.i,
       'v' || ((a.i*7 + b.i*3 + c.i*11 + e.i*13 + f.i*17) % 97)::text,
       f.i * 0.5::float8,
       CASE WHEN (b.i + f.i) % 7 = 0 THEN NULL ELSE (a.i*31 + c.i*7 + e.i) % 50 END
FROM d a, d b, d c, d e, d f;
SELECT count(*) FROM t;
SET work_mem = '64kB';
SHOW work_mem;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 50000;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 99995;
SELECT a, n FROM t ORDER BY n NULLS FIRST, a LIMIT 3 OFFSET 14000;
SELECT a, n FROM t ORDER BY n DESC, c, a DESC LIMIT 4 OFFSET 60000;
SELECT sum(a * 3 % 1001), count(*) FROM (SELECT a FROM t ORDER BY c DESC, b, a) s;
RESET work_mem;
SHOW work_mem;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 50000;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 99995;
SELECT a, n FROM t ORDER BY n NULLS FIRST, a LIMIT 3 OFFSET 14000;
SELECT a, n FROM t ORDER BY n DESC, c, a DESC LIMIT 4 OFFSET 60000;
SELECT sum(a * 3 % 1001), count(*) FROM (SELECT a FROM t ORDER BY c DESC, b, a) s;
