-- columns of a table's row type: arrays of it, dependencies of the columns on the type
-- (DROP refused, CASCADE drops the columns), ALTER TABLE of the used table, rollback
CREATE TABLE rdp (a int, b text);
CREATE TABLE rdq (id int, x rdp, y rdp[]);
INSERT INTO rdq VALUES (1, ROW(1,'a'), ARRAY[ROW(1,'a')::rdp, ROW(2,'b')::rdp]), (2, '(2,b)', '{"(3,c)",NULL}'), (3, NULL, '{}');
SELECT * FROM rdq ORDER BY id;
SELECT id, y[1], (y[2]).b, pg_typeof(y), cardinality(y) FROM rdq ORDER BY id;
SELECT * FROM unnest('{"(1,a)","(2,b)"}'::rdp[]);
SELECT id, u.* FROM rdq, unnest(rdq.y) u ORDER BY 1, 2;
SELECT array_agg(rdq.x ORDER BY id) FROM rdq;
SELECT pg_typeof(array_agg(rdq.x)) FROM rdq;
SELECT to_jsonb(rdq) FROM rdq WHERE id = 1;
SELECT y FROM rdq ORDER BY y;
\d rdq
DROP TABLE rdp;
DROP TABLE rdp RESTRICT;
CREATE TABLE rdp_other (z rdp);
DROP TABLE rdp;
DROP TABLE rdp_other;
ALTER TABLE rdp ALTER COLUMN a TYPE bigint;
-- a rollback leaves nothing behind
BEGIN;
CREATE TABLE rdr (z rdp);
INSERT INTO rdr VALUES ('(1,x)');
ROLLBACK;
SELECT * FROM rdr;
BEGIN;
DROP TABLE rdp CASCADE;
ROLLBACK;
SELECT * FROM rdq ORDER BY id;
DROP TABLE rdp CASCADE;
SELECT * FROM rdq ORDER BY id;
\d rdq
-- a view's row type
CREATE TABLE rdb (a int, b text);
CREATE VIEW rdv AS SELECT b, a FROM rdb;
CREATE TABLE rdw (v rdv);
INSERT INTO rdw VALUES (ROW('x', 1));
SELECT v, (v).a FROM rdw;
DROP VIEW rdv;
DROP VIEW rdv CASCADE;
SELECT * FROM rdw;
-- dropping the using table with the used one needs no CASCADE
CREATE TABLE rdp2 (a int);
CREATE TABLE rdq2 (x rdp2, y rdp2[]);
DROP TABLE rdp2, rdq2;
-- two using tables, a temporary one among them
CREATE TABLE rdp3 (a int, b text);
CREATE TABLE rdq3 (k rdp3);
CREATE TEMP TABLE rdt3 (k rdp3[], j int);
DROP TABLE rdp3;
DROP TABLE rdp3 CASCADE;
SELECT * FROM rdt3;
