-- Constructs of PostgreSQL's grammar that Sunstone does not implement: each one is refused
-- with 0A000 naming it (never dropped silently), the caret on the construct where it has a
-- location (statements and clause-level keywords have none, as in PostgreSQL).
CREATE TABLE t (a int, b text);
UPDATE t SET a = 1;
CREATE INDEX i ON t (a) INCLUDE (b);
CREATE INDEX CONCURRENTLY i ON t (a);
DROP FOREIGN TABLE ft;
ALTER TABLE t ALTER COLUMN a SET STATISTICS 10;
TRUNCATE t;
COPY t FROM PROGRAM 'cat';
GRANT SELECT ON t TO public;
EXPLAIN VERBOSE SELECT 1;
EXPLAIN INSERT INTO t VALUES (1);
SET TRANSACTION SNAPSHOT '00000003-0000001B-1';
SELECT least(1, 2);
SELECT b COLLATE "en-x-icu" FROM t;
SELECT 1::myschema.int4;
SELECT 1 OPERATOR(myschema.+) 1;
CREATE TABLE c6 (a text COLLATE "C");
CREATE TABLE c7 (a int, PRIMARY KEY (a) INCLUDE (a));
CREATE TABLE c10 (a int) INHERITS (t);
CREATE TABLE c11 (a int) PARTITION BY RANGE (a);
CREATE TABLE c12 (a int) WITH (fillfactor = 70);
CREATE UNLOGGED TABLE c13 (a int);
CREATE TABLE c15 (a int COMPRESSION pglz);
SELECT 1 FROM t TABLESAMPLE SYSTEM (1);
CREATE TABLE c16 (a int) TABLESPACE pg_default;
CREATE TABLE c19 (a int, EXCLUDE USING gist (a WITH =));
SELECT XMLELEMENT(name x);
SELECT b FROM t ORDER BY b USING ~<~;
SELECT 1 FETCH FIRST 1 ROW WITH TIES;
CLUSTER;
CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END;
SELECT 'still parsing after BEGIN ATOMIC' AS ok;
DROP TABLE t;
