-- spill_sort's queries, run at work_mem = 64kB and at the default.
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 50000;
SELECT a, b, c, n FROM t ORDER BY b, a DESC LIMIT 5 OFFSET 99995;
SELECT a, n FROM t ORDER BY n NULLS FIRST, a LIMIT 3 OFFSET 14000;
SELECT a, n FROM t ORDER BY n DESC, c, a DESC LIMIT 4 OFFSET 60000;
SELECT sum(a * 3 % 1001), count(*) FROM (SELECT a FROM t ORDER BY c DESC, b, a) s;
