-- PostgreSQL checks grouping (42803) after analysing the whole query: name, type and
-- function errors anywhere in it come first; the select list's ungrouped column before HAVING's.
CREATE TABLE t1 (a int, b text, d int);
SELECT 1 FROM t1 GROUP BY t1.b HAVING (t1.a NOT LIKE '%1%') ORDER BY 1;
SELECT (a - t1.b) FROM t1 GROUP BY a ORDER BY 1;
SELECT (d + 1) FROM t1 GROUP BY b ORDER BY 1;
SELECT foo(a) FROM t1 GROUP BY b;
SELECT a FROM t1 GROUP BY b HAVING d > 1;
SELECT b FROM t1 GROUP BY b HAVING d > 1 ORDER BY a;
SELECT *, foo(1) FROM t1 GROUP BY b;
SELECT a FROM t1 GROUP BY b HAVING sum(a) > 'x';
SELECT a FROM t1 WHERE sum(a) > 1 GROUP BY b;
SELECT a FROM t1 WHERE b > 1 GROUP BY b;
DROP TABLE t1;
