-- information_schema is a system schema like pg_catalog: not droppable, not renamable,
-- searched only when the path lists it; its views list user relations only
CREATE TABLE t (id int);
CREATE VIEW v AS SELECT id FROM t;
SELECT table_schema, table_name, table_catalog FROM information_schema.tables ORDER BY 2;
SELECT count(*) FROM information_schema.tables WHERE table_schema IN ('pg_catalog', 'information_schema');
DROP SCHEMA information_schema;
ALTER SCHEMA information_schema RENAME TO x;
SELECT count(*) FROM tables;
SET search_path = information_schema, public;
SELECT table_name FROM tables ORDER BY 1;
SELECT count(*) FROM pg_tables;
CREATE TEMP TABLE tt (a int);
SELECT table_name, table_type FROM information_schema.tables WHERE table_name = 'tt';
