-- CREATE SCHEMA with schema elements: created in the new schema, in PostgreSQL's order,
-- unqualified names inside them resolved in it first; all or nothing
CREATE TABLE t3 (z int);
CREATE SCHEMA s3 CREATE VIEW v3 AS SELECT a FROM t3 CREATE TABLE t3 (a int PRIMARY KEY, b text DEFAULT 'x' CHECK (b <> ''))
  CREATE INDEX t3_b ON t3 (b) CREATE SEQUENCE sq3 CREATE TABLE c3 (a int REFERENCES t3);
\d s3.t3
\d s3.c3
INSERT INTO s3.t3 (a) VALUES (1);
SELECT * FROM s3.v3;
SELECT nextval('s3.sq3');
SELECT * FROM t3;
CREATE SCHEMA s4 CREATE TABLE s4.ok (a int) CREATE TABLE s3.bad (a int);
CREATE SCHEMA s5 CREATE TABLE a (x int) CREATE VIEW bv AS SELECT nosuch FROM a;
SELECT * FROM s5.a;
CREATE SCHEMA s6 CREATE TABLE a (x int) CREATE TABLE a (y int);
CREATE SCHEMA IF NOT EXISTS s7 CREATE TABLE a (x int);
BEGIN;
CREATE SCHEMA s8 CREATE TABLE q (x int) CREATE VIEW qv AS SELECT x + 1 AS y FROM q;
INSERT INTO s8.q VALUES (1);
SELECT * FROM s8.qv;
ROLLBACK;
SELECT * FROM s8.q;
create schema s9
  create table w (x int)
  create view wv as select x from w;
SELECT * FROM s9.wv;
DROP SCHEMA s3 CASCADE;
DROP SCHEMA s9 CASCADE;
DROP TABLE t3;
