-- from_column_aliases: column aliases on tables in FROM (fewer aliases rename the first
-- columns); their errors.
CREATE TABLE t (a int, b text, c int);
INSERT INTO t VALUES (1, 'x', 10), (2, 'y', 20);
CREATE TABLE u (a int, d int);
INSERT INTO u VALUES (1, 100), (3, 300);
SELECT * FROM t AS x(p, q, r) ORDER BY p;
SELECT * FROM t x(p) ORDER BY p;
SELECT p, b, x.c FROM t x(p) WHERE p = 2;
SELECT x.* FROM t x(p, q) ORDER BY 1;
SELECT x.p, u.d FROM t x(p) JOIN u ON x.p = u.a;
SELECT p, count(*) FROM t x(p) GROUP BY p ORDER BY p;
SELECT a FROM t x(a) ORDER BY 1;
SELECT * FROM t x(b, a) ORDER BY 1;
-- errors
SELECT * FROM t x(p, q, r, s);
SELECT a FROM t x(p);
SELECT x.a FROM t x(p);
SELECT t.p FROM t x(p);
SELECT * FROM t x(p), u x(q);
SELECT * FROM t x(a, a) ORDER BY 1;
SELECT b FROM t x(b);
SELECT x.a FROM t x(a, a);
