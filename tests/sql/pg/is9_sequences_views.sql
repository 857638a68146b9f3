-- information_schema.sequences (identity sequences are not listed), triggers (none),
-- views (check_option, updatability) and tables/columns of another schema
CREATE SEQUENCE sq;
CREATE SCHEMA s2;
CREATE SEQUENCE s2.sq2 AS smallint INCREMENT -2 CYCLE;
CREATE SEQUENCE sq3 AS integer START 10 MINVALUE 5 MAXVALUE 1000 INCREMENT BY 5;
CREATE TABLE ident (i int GENERATED ALWAYS AS IDENTITY, s serial, b bigserial);
SELECT sequence_catalog IS NOT NULL AS has_catalog, sequence_schema, sequence_name, data_type, numeric_precision,
       numeric_precision_radix, numeric_scale, start_value, minimum_value, maximum_value, increment, cycle_option
  FROM information_schema.sequences ORDER BY sequence_schema, sequence_name;
ALTER SEQUENCE sq3 NO CYCLE MAXVALUE 2000 INCREMENT 7;
ALTER SEQUENCE sq MAXVALUE 100;
SELECT sequence_name, maximum_value, increment, cycle_option FROM information_schema.sequences
  WHERE sequence_schema = 'public' ORDER BY 1;
BEGIN;
DROP SEQUENCE sq3;
SELECT count(*) FROM information_schema.sequences WHERE sequence_name = 'sq3';
ROLLBACK;
SELECT count(*) FROM information_schema.sequences WHERE sequence_name = 'sq3';
SELECT count(*) FROM information_schema.triggers;
SELECT trigger_schema, trigger_name, event_manipulation, event_object_table, action_timing
  FROM information_schema.triggers;
CREATE TABLE base (id int PRIMARY KEY, v int);
CREATE VIEW v1 AS SELECT id, v FROM base WHERE v > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW v2 AS SELECT id, v + 1 AS w FROM base;
CREATE VIEW s2.v3 AS SELECT count(*) AS n FROM base;
CREATE VIEW v4 AS SELECT * FROM v1 WITH CASCADED CHECK OPTION;
SELECT table_schema, table_name, view_definition, check_option, is_updatable, is_insertable_into,
       is_trigger_updatable, is_trigger_deletable, is_trigger_insertable_into
  FROM information_schema.views WHERE table_schema IN ('public', 's2') ORDER BY 1, 2;
SELECT table_schema, table_name, table_type, is_insertable_into FROM information_schema.tables
  WHERE table_schema IN ('public', 's2') ORDER BY 1, 2;
SELECT table_name, column_name, is_updatable FROM information_schema.columns
  WHERE table_schema IN ('public', 's2') AND table_name LIKE 'v%' ORDER BY 1, ordinal_position;
