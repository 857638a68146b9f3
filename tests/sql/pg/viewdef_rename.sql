-- views follow renames of what they read (PostgreSQL's views reference by oid): ALTER TABLE
-- ... RENAME TO, RENAME COLUMN, ALTER SCHEMA ... RENAME; the view keeps working, its
-- definition shows the new names, and a rolled-back rename leaves the old ones
CREATE TABLE vdr_t (a int, b text);
INSERT INTO vdr_t VALUES (1, 'x'), (2, 'y'), (3, 'z');
CREATE VIEW vdr_v1 AS SELECT a, b FROM vdr_t WHERE a > 1;
CREATE VIEW vdr_v2 AS SELECT a FROM vdr_v1;
CREATE VIEW vdr_v3 AS SELECT * FROM vdr_t;
CREATE VIEW vdr_v4 AS SELECT t.a, count(*) AS n FROM vdr_t t GROUP BY t.a ORDER BY t.a;
ALTER TABLE vdr_t RENAME TO vdr_u;
SELECT * FROM vdr_v1 ORDER BY a;
SELECT * FROM vdr_v2 ORDER BY a;
SELECT pg_get_viewdef('vdr_v1');
SELECT pg_get_viewdef('vdr_v3');
SELECT pg_get_viewdef('vdr_v4', true);
ALTER TABLE vdr_u RENAME COLUMN a TO c;
SELECT * FROM vdr_v1 ORDER BY a;
SELECT * FROM vdr_v3 ORDER BY a;
SELECT * FROM vdr_v4;
SELECT pg_get_viewdef('vdr_v1', true);
SELECT pg_get_viewdef('vdr_v3');
SELECT pg_get_viewdef('vdr_v4');
\d+ vdr_v1
-- a rename rolled back: the old names come back
BEGIN;
ALTER TABLE vdr_u RENAME TO vdr_w;
ALTER TABLE vdr_w RENAME COLUMN b TO bb;
SELECT pg_get_viewdef('vdr_v1');
SELECT * FROM vdr_v1 ORDER BY a;
ROLLBACK;
SELECT pg_get_viewdef('vdr_v1');
SELECT * FROM vdr_v1 ORDER BY a;
-- committed in a block
BEGIN;
ALTER TABLE vdr_u RENAME COLUMN b TO bb;
COMMIT;
SELECT pg_get_viewdef('vdr_v1');
SELECT * FROM vdr_v3 ORDER BY a;
-- a schema renamed: views inside and outside it follow
CREATE SCHEMA vdr_s;
CREATE TABLE vdr_s.t (a int);
INSERT INTO vdr_s.t VALUES (5);
CREATE VIEW vdr_outside AS SELECT a FROM vdr_s.t;
CREATE VIEW vdr_s.inside AS SELECT a FROM vdr_s.t;
ALTER SCHEMA vdr_s RENAME TO vdr_s2;
SELECT * FROM vdr_outside;
SELECT * FROM vdr_s2.inside;
SELECT pg_get_viewdef('vdr_outside');
SELECT pg_get_viewdef('vdr_s2.inside');
SELECT schemaname, viewname, definition FROM pg_views WHERE viewname IN ('vdr_outside', 'inside') ORDER BY viewname;
-- errors of a rename are unchanged
ALTER TABLE vdr_u RENAME COLUMN nosuch TO x;
ALTER TABLE vdr_u RENAME COLUMN c TO bb;
