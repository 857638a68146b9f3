-- ALTER VIEW ... RENAME COLUMN (and ALTER TABLE ... RENAME COLUMN of a view): the view's
-- definition names the column with AS, views and materialized views reading it follow,
-- transactional; the errors; CREATE OR REPLACE VIEW's rules afterwards.
CREATE TABLE vrc_t (a int, b text);
INSERT INTO vrc_t VALUES (1, 'x'), (2, 'y');
CREATE VIEW vrc_v AS SELECT a, b FROM vrc_t;
CREATE VIEW vrc_w AS SELECT a FROM vrc_v WHERE a > 1;
CREATE MATERIALIZED VIEW vrc_m AS SELECT b, a FROM vrc_v;
ALTER VIEW vrc_v RENAME COLUMN a TO x;
\d+ vrc_v
SELECT * FROM vrc_v ORDER BY x;
SELECT pg_get_viewdef('vrc_w');
SELECT * FROM vrc_w;
SELECT pg_get_viewdef('vrc_m');
REFRESH MATERIALIZED VIEW vrc_m;
SELECT * FROM vrc_m ORDER BY a;
ALTER TABLE vrc_v RENAME COLUMN x TO y;
SELECT pg_get_viewdef('vrc_v');
ALTER VIEW vrc_v RENAME COLUMN zz TO q;
ALTER VIEW vrc_v RENAME COLUMN y TO b;
ALTER VIEW IF EXISTS vrc_nosuch RENAME COLUMN a TO b;
ALTER VIEW vrc_nosuch RENAME COLUMN a TO b;
-- ALTER VIEW ... RENAME COLUMN of a table renames the table's column
ALTER VIEW vrc_t RENAME COLUMN a TO q;
SELECT pg_get_viewdef('vrc_v');
-- a rollback brings the old name back
BEGIN;
ALTER VIEW vrc_v RENAME COLUMN y TO k;
SELECT k FROM vrc_v ORDER BY 1;
ROLLBACK;
SELECT y FROM vrc_v ORDER BY 1;
SELECT pg_get_viewdef('vrc_v');
-- renaming back to the query's own name drops the AS
ALTER VIEW vrc_v RENAME COLUMN y TO q;
SELECT pg_get_viewdef('vrc_v');
-- a view with a column list
CREATE VIEW vrc_u (p, r) AS SELECT q, b FROM vrc_t;
ALTER VIEW vrc_u RENAME COLUMN r TO s;
SELECT pg_get_viewdef('vrc_u');
SELECT s FROM vrc_u ORDER BY 1;
-- CREATE OR REPLACE VIEW keeps names, types and the number of columns
CREATE OR REPLACE VIEW vrc_u AS SELECT q AS p, b AS r FROM vrc_t;
CREATE OR REPLACE VIEW vrc_u AS SELECT q AS p FROM vrc_t;
CREATE OR REPLACE VIEW vrc_u AS SELECT b AS p, b AS s FROM vrc_t;
CREATE OR REPLACE VIEW vrc_u AS SELECT q AS p, b AS s, 1 AS extra FROM vrc_t;
SELECT * FROM vrc_u ORDER BY 1;
DROP TABLE vrc_t CASCADE;
