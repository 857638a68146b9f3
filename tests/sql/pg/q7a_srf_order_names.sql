-- ORDER BY an output name that * repeats, when set-returning functions run above window
-- functions or an aggregation (the query is split over a subquery)
CREATE TABLE t (a int, b int);
INSERT INTO t VALUES (1,2),(3,4);
CREATE TABLE u (a int, c int);
INSERT INTO u VALUES (1,5),(3,6);
SELECT a, count(*) OVER (), *, generate_series(1,2) FROM t ORDER BY a;
SELECT a, *, generate_series(1,2) FROM t ORDER BY a;
SELECT a, count(*) OVER (), * FROM t ORDER BY a;
SELECT a, *, generate_series(1,2) g FROM t ORDER BY a, g;
SELECT a, count(*) OVER (), generate_series(1,2), * FROM t ORDER BY a;
SELECT b, count(*) OVER (), *, generate_series(1,2) FROM t GROUP BY a, b ORDER BY b;
SELECT a+0 AS a, count(*) OVER (), a, generate_series(1,2) FROM t ORDER BY a;
SELECT b AS a, count(*) OVER (), *, generate_series(1,2) FROM t ORDER BY a;
SELECT a, a, count(*) OVER (), generate_series(1,2) FROM t ORDER BY a;
SELECT t.a, count(*) OVER (), *, generate_series(1,2) FROM t JOIN u USING (a) ORDER BY a;
SELECT t.a, count(*) OVER (), *, generate_series(1,2) FROM t JOIN u ON t.a = u.a ORDER BY a;
SELECT DISTINCT ON (a) a, count(*) OVER (), *, generate_series(1,2) g FROM t ORDER BY a, g DESC;
SELECT a, sum(b) OVER (), *, generate_series(1,2) FROM (SELECT a, a AS a FROM t) x(a, b) ORDER BY a;
