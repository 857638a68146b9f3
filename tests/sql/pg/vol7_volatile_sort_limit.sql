-- Volatile select-list items the sort keys do not use are computed after ORDER BY, in the
-- sorted order, and after LIMIT only for the rows it returns (PostgreSQL's
-- make_sort_input_target); items the sort needs are computed for every row before it.
CREATE TABLE t (a int, b text);
INSERT INTO t SELECT g, 'r' || (g % 3) FROM generate_series(1, 10) g;
CREATE SEQUENCE s;
SELECT nextval('s'), a FROM t ORDER BY a LIMIT 2;
SELECT currval('s');
SELECT nextval('s'), a FROM t ORDER BY a DESC LIMIT 3 OFFSET 2;
SELECT currval('s');
SELECT a, nextval('s') AS n FROM t ORDER BY n LIMIT 2;
SELECT currval('s');
SELECT nextval('s') AS n, a FROM t ORDER BY a DESC;
SELECT nextval('s') AS n, b, a FROM t ORDER BY b, a DESC LIMIT 4;
SELECT currval('s');
SELECT nextval('s') AS n, a + 1 AS a1 FROM t ORDER BY a1 DESC LIMIT 2;
SELECT currval('s');
SELECT nextval('s') AS n, upper(b) AS ub FROM t ORDER BY upper(b), a LIMIT 3;
SELECT currval('s');
SELECT nextval('s') AS n, a FROM t ORDER BY a % 4, a LIMIT 3 OFFSET 1;
SELECT currval('s');
SELECT b, nextval('s') + a AS n FROM t ORDER BY length(b) + a DESC LIMIT 2;
SELECT currval('s');
SELECT * FROM (SELECT nextval('s') AS n, a FROM t ORDER BY a DESC LIMIT 2) x;
SELECT t1.a, (SELECT count(*) FROM t t2 WHERE t2.a < t1.a) AS c, nextval('s') AS n
  FROM t t1 ORDER BY t1.a * 2 DESC LIMIT 2;
SELECT currval('s');
SELECT a, nextval('s') AS n FROM t WHERE a IN (SELECT a FROM t ORDER BY a + 0 LIMIT 3) ORDER BY a;
SELECT currval('s');
SELECT a, random() < 2 AS r FROM t ORDER BY a LIMIT 2;
SELECT a FROM t ORDER BY a LIMIT 0;
SELECT nextval('s'), a FROM t ORDER BY a LIMIT 0;
SELECT currval('s');
SELECT b, count(*), nextval('s') FROM t GROUP BY b ORDER BY count(*) DESC, b LIMIT 2;
SELECT currval('s');
SELECT a, row_number() OVER (ORDER BY a DESC) AS rn, nextval('s') FROM t ORDER BY rn LIMIT 2;
SELECT currval('s');
SELECT x.a, nextval('s') FROM t x JOIN t y ON x.a = y.a + 1 ORDER BY x.a + y.a LIMIT 2;
SELECT currval('s');
WITH w AS (SELECT a, nextval('s') AS n FROM t ORDER BY -a LIMIT 2) SELECT * FROM w;
SELECT currval('s');
DROP TABLE t;
DROP SEQUENCE s;
