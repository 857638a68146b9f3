-- qe_explain_analyze_subplans: under EXPLAIN ANALYZE the subqueries of expressions show what
-- their own trees counted, as PostgreSQL's SubPlan / InitPlan nodes do: a correlated SubPlan
-- one loop per outer row it ran for, an InitPlan one loop, a hashed SubPlan the one build of
-- its set, and a subquery that never ran "(never executed)" on each of its nodes.
CREATE TABLE sa (id int, k int);
CREATE TABLE sb (k int, v int);
INSERT INTO sa VALUES (1, 10), (2, 20), (3, 30), (4, 10);
INSERT INTO sb VALUES (10, 1), (10, 2), (20, 3), (40, 4);
-- correlated scalar subquery: one loop per row of sa
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT id, (SELECT sum(v) FROM sb WHERE sb.k = sa.k) FROM sa;
-- uncorrelated scalar subquery: an InitPlan, one loop
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT id FROM sa WHERE k > (SELECT min(k) FROM sb);
-- NOT IN over an uncorrelated subquery: its set built once (one loop)
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT id FROM sa WHERE k NOT IN (SELECT k FROM sb);
-- a correlated subquery behind a CASE branch no row takes: never executed
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT CASE WHEN id < 0 THEN (SELECT max(v) FROM sb WHERE sb.k = sa.k) END FROM sa;
-- without ANALYZE nothing is counted
EXPLAIN SELECT id, (SELECT sum(v) FROM sb WHERE sb.k = sa.k) FROM sa;
-- the answers themselves
SELECT id, (SELECT sum(v) FROM sb WHERE sb.k = sa.k) FROM sa ORDER BY id;
