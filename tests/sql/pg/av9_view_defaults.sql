-- ALTER VIEW ... ALTER COLUMN ... SET / DROP DEFAULT: a view column's default applies to
-- INSERT through the view (omitted columns and DEFAULT), before the base table's default
CREATE TABLE av9_t (a int, b text DEFAULT 'table', c int DEFAULT 7);
CREATE VIEW av9_v AS SELECT a, b, c FROM av9_t;
ALTER VIEW av9_v ALTER COLUMN b SET DEFAULT 'view';
INSERT INTO av9_v (a) VALUES (1);
INSERT INTO av9_v VALUES (2, DEFAULT, DEFAULT);
INSERT INTO av9_v (a, b) VALUES (3, 'given');
INSERT INTO av9_t (a) VALUES (4);
SELECT * FROM av9_t ORDER BY a;
\d av9_v
-- ALTER TABLE on a view does the same
ALTER TABLE av9_v ALTER COLUMN c SET DEFAULT 40 + 2;
INSERT INTO av9_v (a) VALUES (5);
SELECT * FROM av9_t WHERE a = 5;
ALTER VIEW av9_v ALTER COLUMN b DROP DEFAULT;
INSERT INTO av9_v (a) VALUES (6);
SELECT * FROM av9_t WHERE a = 6;
-- errors
ALTER VIEW av9_v ALTER COLUMN nosuch SET DEFAULT 1;
ALTER VIEW av9_nosuch ALTER COLUMN a SET DEFAULT 1;
ALTER VIEW av9_v ALTER COLUMN a SET DEFAULT 'x'::text;
ALTER VIEW av9_v ALTER COLUMN a SET DEFAULT now();
ALTER VIEW av9_t ALTER COLUMN a SET DEFAULT 1;
ALTER VIEW IF EXISTS av9_nosuch ALTER COLUMN a SET DEFAULT 1;
-- rolled back with the transaction
BEGIN;
ALTER VIEW av9_v ALTER COLUMN a SET DEFAULT 100;
INSERT INTO av9_v (b) VALUES ('in txn');
ROLLBACK;
INSERT INTO av9_v (b) VALUES ('after rollback');
SELECT * FROM av9_t WHERE b IN ('in txn', 'after rollback');
-- CREATE OR REPLACE VIEW keeps the defaults of the kept columns
CREATE OR REPLACE VIEW av9_v AS SELECT a, b, c, c + 1 AS d FROM av9_t;
INSERT INTO av9_v (a) VALUES (8);
SELECT * FROM av9_t WHERE a = 8;
-- a view over the view: the inner view's default applies when the outer has none
CREATE VIEW av9_w AS SELECT a, b FROM av9_v;
ALTER VIEW av9_v ALTER COLUMN b SET DEFAULT 'inner';
INSERT INTO av9_w (a) VALUES (9);
INSERT INTO av9_w VALUES (10, DEFAULT);
ALTER VIEW av9_w ALTER COLUMN b SET DEFAULT 'outer';
INSERT INTO av9_w (a) VALUES (11);
SELECT * FROM av9_t WHERE a >= 9 ORDER BY a;
-- a default on a column that is not updatable
ALTER VIEW av9_v ALTER COLUMN d SET DEFAULT 0;
INSERT INTO av9_v (a) VALUES (12);
ALTER VIEW av9_v ALTER COLUMN d DROP DEFAULT;
-- renaming keeps them
ALTER VIEW av9_w RENAME TO av9_w2;
INSERT INTO av9_w2 (a) VALUES (13);
SELECT * FROM av9_t WHERE a = 13;
DROP VIEW av9_w2;
DROP VIEW av9_v;
CREATE VIEW av9_v AS SELECT a, b, c FROM av9_t;
INSERT INTO av9_v (a) VALUES (14);
SELECT * FROM av9_t WHERE a = 14;
DROP VIEW av9_v;
DROP TABLE av9_t;
-- several subcommands (every DROP DEFAULT runs before every SET DEFAULT), RENAME COLUMN, SET SCHEMA, a renamed base table
CREATE TABLE e_t (a int, b text);
CREATE VIEW e_v AS SELECT a, b FROM e_t;
ALTER VIEW e_v ALTER COLUMN b SET DEFAULT 'x', ALTER COLUMN a SET DEFAULT 1;
ALTER VIEW e_v RENAME COLUMN b TO bb;
CREATE SCHEMA e_s;
ALTER VIEW e_v SET SCHEMA e_s;
ALTER TABLE e_t RENAME TO e_t2;
INSERT INTO e_s.e_v DEFAULT VALUES;
ALTER VIEW e_s.e_v ALTER COLUMN a SET DEFAULT 2, ALTER COLUMN a DROP DEFAULT;
INSERT INTO e_s.e_v (bb) VALUES ('y');
SELECT * FROM e_t2;
\d e_s.e_v
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'e_v' ORDER BY 1;
DROP SCHEMA e_s CASCADE;
DROP TABLE e_t2;
