-- vac11_vacuum_pg: VACUUM and CHECKPOINT as PostgreSQL 15 answers them (without VERBOSE,
-- whose INFO lines name pages and xids Sunstone does not have): the command tags, rows
-- unchanged after VACUUM, and the errors.
CREATE TABLE t (a int PRIMARY KEY, b text);
INSERT INTO t SELECT g, 'r' || g FROM generate_series(1, 3000) g;
DELETE FROM t WHERE a % 2 = 0;
VACUUM t;
SELECT count(*), min(a), max(a) FROM t;
SET enable_seqscan = off;
SELECT a, b FROM t WHERE a BETWEEN 10 AND 15 ORDER BY a;
RESET enable_seqscan;
UPDATE t SET b = 'u' WHERE a < 100;
VACUUM;
VACUUM (VERBOSE off) t;
VACUUM FULL t;
VACUUM (FULL, DISABLE_PAGE_SKIPPING) t;
VACUUM t, t;
SELECT count(*), count(*) FILTER (WHERE b = 'u') FROM t;
VACUUM nosuch;
VACUUM t, nosuch;
BEGIN;
VACUUM t;
ROLLBACK;
VACUUM (foo) t;
VACUUM (VERBOSE 'x') t;
VACUUM t (a);
ANALYZE (foo) t;
CHECKPOINT;
BEGIN;
CHECKPOINT;
COMMIT;
DROP TABLE t;
