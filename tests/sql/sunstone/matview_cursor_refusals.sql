-- What Sunstone refuses of materialized views and cursors (0A000 naming it), and where it
-- differs from PostgreSQL on purpose: a cursor's query runs as FETCH asks, but a batch at a
-- time, so a query error is raised by the FETCH whose batch holds the failing row: FETCH 1
-- fails below where PostgreSQL returns the first row and fails on the second FETCH.
CREATE TABLE rt (a int);
INSERT INTO rt VALUES (1), (0), (2);
CREATE MATERIALIZED VIEW rmv WITH (fillfactor = 50) AS SELECT a FROM rt;
CREATE MATERIALIZED VIEW rmv AS SELECT a FROM rt;
ALTER MATERIALIZED VIEW rmv RENAME TO rmv2;
BEGIN;
DECLARE c2 BINARY CURSOR FOR SELECT a FROM rt;
MOVE 1 IN c2;
FETCH c2;
ROLLBACK;
BEGIN;
DECLARE c3 CURSOR FOR SELECT 10 / a FROM rt;
FETCH 1 FROM c3;
ROLLBACK;
SELECT count(*) FROM pg_cursors;
-- EXPLAIN (Sunstone's plan text) of an unpopulated materialized view: the query does not
-- run, as in PostgreSQL; EXPLAIN ANALYZE runs it
CREATE MATERIALIZED VIEW rmv_empty AS SELECT a FROM rt WITH NO DATA;
EXPLAIN SELECT * FROM rmv_empty;
EXPLAIN ANALYZE SELECT * FROM rmv_empty;
-- ALTER TABLE on a materialized view: PostgreSQL's 42809 where it refuses; renames 0A000
CREATE MATERIALIZED VIEW zmv AS SELECT 1 AS a;
ALTER TABLE zmv ADD COLUMN b int;
ALTER TABLE zmv ALTER COLUMN a SET NOT NULL;
ALTER TABLE zmv RENAME COLUMN a TO c;
DROP MATERIALIZED VIEW zmv;
