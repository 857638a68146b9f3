-- information_schema: what Sunstone does not compute is 0A000, the schema is a system one
CREATE TABLE t (id int);
CREATE VIEW v AS SELECT id FROM t;
SELECT table_name FROM information_schema.views WHERE table_schema = 'public';
SELECT is_updatable FROM information_schema.views;
SELECT check_option FROM information_schema.views;
SELECT table_name, is_insertable_into FROM information_schema.tables WHERE table_schema = 'public';
SELECT column_name, is_updatable FROM information_schema.columns WHERE table_name = 'v';
SELECT table_name, table_catalog FROM information_schema.tables ORDER BY 1;
DROP SCHEMA information_schema;
SET search_path = information_schema, public;
SELECT table_name FROM tables ORDER BY 1;
