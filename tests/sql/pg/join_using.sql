-- join_using: JOIN ... USING and NATURAL JOIN (inner, left, right): the merged columns come
-- first in *, unqualified names reach them, qualified names the sides; their errors.
CREATE TABLE t (a int, b text);
CREATE TABLE u (a int, c int);
CREATE TABLE v (a int, c int, d int);
INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z');
INSERT INTO u VALUES (1, 10), (3, 30), (4, 40);
INSERT INTO v VALUES (1, 10, 100), (4, 40, 400);
SELECT * FROM t JOIN u USING (a) ORDER BY 1;
SELECT * FROM t INNER JOIN u USING (a) WHERE a > 1;
SELECT * FROM t LEFT JOIN u USING (a) ORDER BY 1;
SELECT * FROM t RIGHT JOIN u USING (a) ORDER BY 1;
SELECT a, t.a, u.a FROM t RIGHT JOIN u USING (a) ORDER BY 1;
SELECT a, t.a, u.a FROM t LEFT JOIN u USING (a) ORDER BY 1;
SELECT t.*, u.* FROM t JOIN u USING (a) ORDER BY 1;
SELECT * FROM t NATURAL JOIN u ORDER BY 1;
SELECT * FROM u NATURAL JOIN v ORDER BY 1;
SELECT * FROM u NATURAL LEFT JOIN v ORDER BY 1;
SELECT * FROM t NATURAL JOIN v;
SELECT * FROM t NATURAL JOIN (SELECT 5 AS z) s ORDER BY 1;
SELECT * FROM u JOIN v USING (a, c) ORDER BY 1;
SELECT * FROM t JOIN u USING (a) JOIN v USING (c) ORDER BY 1;
SELECT * FROM t JOIN u USING (a) JOIN v ON u.c = v.c ORDER BY 1;
SELECT * FROM t JOIN (SELECT a, c * 2 AS c2 FROM u) s USING (a) ORDER BY 1;
SELECT a, count(*) FROM t JOIN u USING (a) GROUP BY a ORDER BY a;
SELECT * FROM t, u JOIN v USING (a) ORDER BY 1, 2;
SELECT * FROM t JOIN u x(a, c2) USING (a) ORDER BY 1;
-- errors
SELECT * FROM t JOIN u USING (x);
SELECT * FROM t JOIN u USING (c);
SELECT * FROM t JOIN u USING (b);
SELECT * FROM t JOIN u USING (a, a);
SELECT * FROM (SELECT 1 AS a, 2 AS a) s JOIN u USING (a);
SELECT * FROM u JOIN (SELECT 1 AS a, 2 AS a) s USING (a);
SELECT a, count(*) FROM t JOIN u USING (a) GROUP BY t.b;
SELECT * FROM t JOIN u USING (a) JOIN v USING (c) WHERE a = 1;
SELECT * FROM t JOIN u USING (a) JOIN v ON a = v.a;
