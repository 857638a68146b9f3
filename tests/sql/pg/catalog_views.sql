-- pg_tables, pg_indexes, pg_namespace and information_schema's tables, columns, schemata
CREATE TABLE t (id int PRIMARY KEY, name varchar(20) NOT NULL, price numeric(10,2), note text DEFAULT 'x');
CREATE TABLE u (k bigint GENERATED ALWAYS AS IDENTITY, t_id int REFERENCES t, at timestamptz, d date,
                f float8, c char(3), b boolean, s smallint, r real, ts timestamp(3), a int[]);
CREATE UNIQUE INDEX u_c ON u (c DESC, s);
CREATE INDEX "U idx" ON u (at NULLS FIRST);
SELECT table_name, is_insertable_into FROM information_schema.tables
  WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1;
SELECT column_name, is_updatable FROM information_schema.columns
  WHERE table_schema = 'public' AND table_name = 't' ORDER BY ordinal_position;
CREATE VIEW v AS SELECT id, name FROM t;
CREATE SCHEMA s2;
CREATE TABLE s2.w (x int);
SELECT schemaname, tablename, tablespace, hasindexes, hasrules, hastriggers, rowsecurity
  FROM pg_tables WHERE schemaname IN ('public', 's2') ORDER BY 1, 2;
SELECT * FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname;
SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg_t%' ORDER BY 1;
SELECT table_catalog = current_database() AS cat, table_schema, table_name, table_type, self_referencing_column_name,
       reference_generation, user_defined_type_name, is_typed, commit_action
  FROM information_schema.tables WHERE table_schema IN ('public', 's2') ORDER BY table_name;
SELECT table_name, column_name, ordinal_position, column_default, is_nullable, data_type,
       character_maximum_length, character_octet_length, numeric_precision, numeric_precision_radix,
       numeric_scale, datetime_precision
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position;
SELECT table_name, column_name, udt_catalog = current_database() AS cat, udt_schema, udt_name, dtd_identifier, is_self_referencing,
       is_identity, identity_generation, identity_start, identity_increment, identity_maximum,
       identity_minimum, identity_cycle, is_generated, generation_expression, collation_name, domain_name
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position;
SELECT catalog_name = current_database() AS cat, schema_name, default_character_set_name, sql_path
  FROM information_schema.schemata WHERE schema_name NOT LIKE 'pg_t%' ORDER BY schema_name;
SELECT table_catalog = current_database() AS cat, table_schema, table_name, view_definition, is_trigger_updatable
  FROM information_schema.views WHERE table_schema = 'public' ORDER BY table_name;
-- information_schema is not on the search path
SELECT count(*) FROM tables;
-- views' updatability and check options
CREATE VIEW va AS SELECT name, count(*) AS n FROM t GROUP BY name;
CREATE VIEW vl AS SELECT id, name || '!' AS shout FROM t WHERE id > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW vc AS SELECT * FROM vl WITH CHECK OPTION;
CREATE VIEW vx AS SELECT shout, 1 AS one FROM vl;
CREATE VIEW vj AS SELECT t.id FROM t JOIN u ON t.id = u.t_id;
SELECT table_name, check_option, is_updatable, is_insertable_into, is_trigger_updatable,
       is_trigger_deletable, is_trigger_insertable_into
  FROM information_schema.views WHERE table_schema = 'public' ORDER BY table_name;
SELECT table_name, table_type, is_insertable_into FROM information_schema.tables
  WHERE table_schema = 'public' ORDER BY table_name;
SELECT table_name, column_name, is_updatable FROM information_schema.columns
  WHERE table_schema = 'public' AND table_name LIKE 'v%' ORDER BY table_name, ordinal_position;
-- interval fields and precisions
CREATE TABLE s2.iv (a interval day to second(2), b interval, c interval(3), d interval year to month,
                    e interval hour, f time(0), g timetz, h numeric, i bit(4), j varbit(7), k varchar);
SELECT column_name, data_type, datetime_precision, interval_type, interval_precision, character_maximum_length,
       character_octet_length, numeric_precision, numeric_precision_radix, numeric_scale, udt_name
  FROM information_schema.columns WHERE table_schema = 's2' AND table_name = 'iv' ORDER BY ordinal_position;
-- views over views, column aliases, materialized and system views
CREATE SCHEMA s3;
CREATE TABLE s3.b (x int, y text);
CREATE VIEW s3.bv AS SELECT x AS xx, y FROM s3.b;
CREATE VIEW top AS SELECT xx, upper(y) AS u FROM s3.bv;
CREATE VIEW al AS SELECT q FROM s3.b AS z(q, r);
CREATE MATERIALIZED VIEW mv AS SELECT * FROM s3.b;
CREATE INDEX ON mv (x);
CREATE VIEW overmv AS SELECT * FROM mv;
CREATE VIEW sysv AS SELECT tablename FROM pg_tables;
SELECT table_schema, table_name, is_updatable, is_insertable_into, check_option FROM information_schema.views WHERE table_schema IN ('public','s3') ORDER BY 1, 2;
SELECT table_schema, table_name, column_name, is_updatable FROM information_schema.columns WHERE table_name IN ('top', 'bv', 'al', 'overmv', 'sysv', 'mv') ORDER BY 1, 2, 3;
SELECT schemaname, tablename, indexname, indexdef FROM pg_indexes WHERE schemaname <> 'pg_catalog' ORDER BY 3;
SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2;
