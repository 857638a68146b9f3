-- from_values: VALUES lists in FROM, with and without column aliases; their errors.
CREATE TABLE t (a int, b text);
INSERT INTO t VALUES (1, 'x'), (2, 'y');
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(a, b);
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v;
SELECT column2, column1 FROM (VALUES (1, 'a'), (2, 'b')) v ORDER BY column1 DESC;
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) v(n) ORDER BY n;
SELECT v.n + 1 FROM (VALUES (1), (2), (3)) v(n) WHERE n > 1;
SELECT count(*), sum(n), max(s) FROM (VALUES (1, 'p'), (2, 'q'), (NULL, 'r')) v(n, s);
SELECT t.b, v.w FROM t JOIN (VALUES (1, 'one'), (2, 'two'), (3, 'three')) v(k, w) ON t.a = v.k ORDER BY 1;
SELECT * FROM (VALUES (1), (2.5::float8)) v(x) ORDER BY x;
SELECT * FROM (VALUES (1, 2) ORDER BY 1 DESC LIMIT 1) v;
SELECT * FROM (VALUES ('a'), (NULL)) v(s) ORDER BY s;
INSERT INTO t SELECT * FROM (VALUES (3, 'z')) v;
SELECT * FROM t ORDER BY a;
-- errors
SELECT * FROM (VALUES (1));
SELECT * FROM (VALUES (1), ('a')) v;
SELECT * FROM (VALUES (1, 2)) v(a, b, c);
SELECT * FROM (VALUES (1), (2, 3)) v;
INSERT INTO t SELECT * FROM (VALUES ('4', 'w')) v;
