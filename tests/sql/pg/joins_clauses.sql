-- joins_clauses: joins under INSERT ... SELECT, ORDER BY / GROUP BY names over several tables,
-- * with t.*, OR conditions, errors raised in ON and WHERE.
CREATE TABLE t (a int, b int);
CREATE TABLE u (a int, c int);
INSERT INTO t VALUES (1, 2), (2, 3);
INSERT INTO u VALUES (1, 3), (3, 4);
CREATE TABLE r (a int, b int, c int);
INSERT INTO r SELECT t.a, t.b, u.c FROM t JOIN u ON t.a = u.a;
SELECT * FROM r;
SELECT t.a, u.a FROM t JOIN u ON true ORDER BY a;
SELECT t.a FROM t JOIN u ON true ORDER BY a;
SELECT t.a AS x FROM t JOIN u ON true GROUP BY a;
SELECT t.a, count(*) FROM t JOIN u ON true GROUP BY a;
SELECT c, count(*) FROM t JOIN u ON t.a <= u.a GROUP BY c ORDER BY c;
SELECT *, t.* FROM t JOIN u ON t.a = u.a;
SELECT t.a + u.a FROM t, u WHERE t.a = u.a OR t.b = u.c ORDER BY 1;
SELECT t.b FROM t LEFT JOIN u ON t.a = u.a WHERE u.c IS NOT NULL OR t.b = 3 ORDER BY 1;
SELECT 1 FROM t, u WHERE false;
SELECT t.a FROM t JOIN u ON t.a = u.a AND 1/0 = 1;
SELECT t.a FROM t JOIN u ON t.a = u.a WHERE u.c / 0 = 1;
