-- A materialized CTE's query and UNION ALL branches compute only the columns read above them
-- (core/plan/prune.c): EXPLAIN shows how many each projection and scan computes.  In a CTE, and
-- in the inputs of a UNION ALL whose inputs' columns needed casts (PostgreSQL then plans it as
-- a set operation of its own, not an append), a column whose expression could fail (100 / a)
-- or an aggregate's result is computed anyway, as PostgreSQL computes it there; UNION,
-- INTERSECT and EXCEPT compare all columns.
CREATE TABLE qn (a int, b int, c int, d int, e int);
INSERT INTO qn SELECT i, i * 2, i * 3, i * 4, i * 5 FROM generate_series(1, 4) i;
-- two references read different columns: the query computes the union of them
EXPLAIN WITH w AS MATERIALIZED (SELECT * FROM qn) SELECT x.b, y.e FROM w x JOIN w y ON x.a = y.a;
-- no column read: one is kept to count rows by
EXPLAIN WITH w AS MATERIALIZED (SELECT * FROM qn) SELECT count(*) FROM w;
-- an expression that could fail, and an aggregate: computed although nothing reads them
EXPLAIN WITH w AS MATERIALIZED (SELECT a, b, 100 / a AS q, e FROM qn) SELECT b FROM w;
EXPLAIN WITH w AS MATERIALIZED (SELECT a, max(b) m, min(c) n FROM qn GROUP BY a) SELECT a FROM w;
-- UNION ALL branches, nested and flattened
EXPLAIN SELECT s.b FROM (SELECT * FROM qn UNION ALL SELECT * FROM qn UNION ALL SELECT e, d, c, b, a FROM qn) s;
EXPLAIN SELECT count(*) FROM (SELECT * FROM qn UNION ALL SELECT * FROM qn) s;
EXPLAIN SELECT s.a FROM (SELECT a, b * 2 FROM qn UNION ALL SELECT a, c FROM qn) s;
EXPLAIN SELECT s.a FROM (SELECT a, max(b) FROM qn GROUP BY a UNION ALL SELECT a, 100 / a FROM qn) s;
EXPLAIN SELECT s.a FROM (SELECT a, max(b) FROM qn GROUP BY a UNION ALL SELECT a, 100 / a FROM qn UNION ALL SELECT 1, 2.5) s;
-- UNION below UNION ALL: the UNION compares every column
EXPLAIN SELECT s.a FROM (SELECT a, b FROM qn UNION ALL (SELECT a, b FROM qn UNION SELECT c, d FROM qn)) s;
-- a materialized CTE over UNION ALL
EXPLAIN WITH w AS MATERIALIZED (SELECT * FROM qn UNION ALL SELECT * FROM qn) SELECT d FROM w WHERE d > 4;
DROP TABLE qn;
