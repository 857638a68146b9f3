-- Volatile select-list items the sort keys do not use are computed after ORDER BY, in the
-- sorted order, and after LIMIT only for the rows it returns (PostgreSQL's
-- make_sort_input_target); items the sort needs are computed for every row before it.
-- (Sunstone: when the sort keys are columns of the query's input; a computed key such as
-- ORDER BY a + 1 still computes the volatile items before the sort.)
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
SELECT * FROM (SELECT nextval('s') AS n, a FROM t ORDER BY a DESC LIMIT 2) x;
SELECT currval('s');
SELECT a, random() < 2 AS r FROM t ORDER BY a LIMIT 2;
SELECT a FROM t ORDER BY a LIMIT 0;
SELECT nextval('s'), a FROM t ORDER BY a LIMIT 0;
SELECT currval('s');
DROP TABLE t;
DROP SEQUENCE s;
