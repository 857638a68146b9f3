-- explain_analyze: EXPLAIN ANALYZE runs the query and adds to each node what the executor
-- counted: rows, batches (Sunstone's unit) and loops, and the time to the first batch and in
-- all calls (masked here with TIMING OFF; SUMMARY OFF drops the Planning / Execution Time
-- lines; tests/unit/test_explain_analyze.c checks the timed form).  COSTS [ON] shows each node's estimated
-- rows (PostgreSQL's default selectivities: a third for an inequality, 1/distinct for an
-- equality).  The options Sunstone cannot honour are refused naming them.
CREATE TABLE ea (id int, k int, t text);
CREATE TABLE eb (k int, u text);
INSERT INTO ea VALUES (1, 10, 'one'), (2, 20, 'two'), (3, NULL, 'three'), (4, 40, 'four'), (5, 10, 'five');
INSERT INTO eb VALUES (10, 'x'), (20, 'y'), (30, 'z');
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT t FROM ea WHERE id > 1;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT ea.t, eb.u FROM ea JOIN eb ON ea.k = eb.k ORDER BY 1;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT k, count(*) FROM ea GROUP BY k LIMIT 2;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT ea.id FROM ea LEFT JOIN eb ON ea.k < eb.k;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, COSTS) SELECT t FROM ea WHERE k = 10 AND id > 0;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT 1 WHERE false;
EXPLAIN (COSTS) SELECT ea.t FROM ea, eb WHERE ea.k = eb.k AND eb.u LIKE 'x%';
EXPLAIN (COSTS ON, ANALYZE FALSE) SELECT count(*) FROM ea WHERE t IS NULL OR id <> 2;
-- the answer is not returned, the statement still runs (errors included)
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT 1 / (id - 3) FROM ea;
EXPLAIN VERBOSE SELECT 1;
EXPLAIN (ANALYZE, BUFFERS) SELECT 1;
EXPLAIN (BUFFERS OFF, SETTINGS OFF, FORMAT TEXT) SELECT 1;
EXPLAIN (SETTINGS) SELECT 1;
EXPLAIN (FORMAT JSON) SELECT 1;
EXPLAIN (ANALYZE, WAL) SELECT 1;
