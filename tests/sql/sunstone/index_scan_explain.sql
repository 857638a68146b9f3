-- index_scan_explain: the plans the planner picks with indexes (Sunstone's EXPLAIN lists its
-- own operators; the index scan line carries PostgreSQL's "Index Cond:" / "Filter:" text and
-- "Backward" for a reversed scan).  The results of these queries are checked against
-- PostgreSQL in pg/index_scan_results.
CREATE TABLE ie (id int PRIMARY KEY, a int, b text, c bigint);
CREATE INDEX ie_a_b ON ie (a, b);
CREATE INDEX ie_c ON ie (c DESC NULLS FIRST);
INSERT INTO ie SELECT g, g % 10, 's' || g, g FROM generate_series(1, 5000) g;
-- a point lookup on a big enough table takes the index by cost
EXPLAIN SELECT * FROM ie WHERE id = 42;
EXPLAIN SELECT * FROM ie WHERE id = 42::bigint AND b <> 'x';
EXPLAIN SELECT id FROM ie WHERE id IN (3, 1, 2);
EXPLAIN SELECT id FROM ie WHERE id > 10 AND id <= 20;
EXPLAIN SELECT id FROM ie WHERE a = 3 AND b > 's5';
EXPLAIN SELECT id FROM ie WHERE a IS NULL;
-- a predicate matching most rows keeps the sequential scan
EXPLAIN SELECT id FROM ie WHERE id > 10;
-- ORDER BY the key with a LIMIT: no sort, forward or backward
EXPLAIN SELECT id FROM ie ORDER BY id DESC LIMIT 3;
EXPLAIN SELECT id FROM ie ORDER BY c DESC NULLS FIRST LIMIT 3;
EXPLAIN SELECT id FROM ie ORDER BY c LIMIT 3;
EXPLAIN SELECT id FROM ie ORDER BY c DESC LIMIT 3;
EXPLAIN SELECT id FROM ie WHERE a = 4 ORDER BY a, b LIMIT 3;
-- enable_indexscan off makes the index path very expensive, not impossible
SET enable_indexscan = off;
EXPLAIN SELECT * FROM ie WHERE id = 42;
RESET enable_indexscan;
SET enable_seqscan = off;
EXPLAIN SELECT id FROM ie WHERE id > 10;
SET enable_indexscan = off;
EXPLAIN SELECT id FROM ie WHERE id > 10;
RESET enable_seqscan;
RESET enable_indexscan;
SHOW enable_sort;
SET enable_sort = off;
EXPLAIN SELECT id FROM ie ORDER BY id LIMIT 4000;
RESET enable_sort;
-- LATERAL: the inner side's index condition reads the outer row (rescanned per row)
EXPLAIN SELECT x.id, y.b FROM (VALUES (3), (14)) x(id), LATERAL (SELECT b FROM ie WHERE ie.id = x.id) y;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT * FROM ie WHERE id = 7;
DROP TABLE ie;
