#!/bin/sh
# fl11_catalog_persist_test.sh SUNSTONE — what a database file's catalog image (api/durable_image.c,
# format 2) keeps across processes: ALTER TABLE (ADD / DROP / RENAME COLUMN, RENAME TO, ADD /
# DROP CONSTRAINT, SET / DROP DEFAULT, SET / DROP NOT NULL, ALTER TYPE) with the rows it
# rewrote, views and views over views (CREATE OR REPLACE, DROP VIEW, their column defaults), foreign keys with their
# actions, generated columns, CREATE TABLE AS / SELECT INTO, schemas and their tables,
# sequences with serial and identity columns (their values survive); names
# that merely look like refused words (a column "generated", a DEFAULT 'like') are accepted.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
cd "$tmp" || exit 1

# words the old gate refused by text
q -c "CREATE TABLE t (a int PRIMARY KEY, b text DEFAULT 'like', generated int, gone int)" \
  -c "INSERT INTO t VALUES (1, 'x', 3, 0), (2, 'y', 4, 0)" >/dev/null
check "harmless words" "1|x|3|0" "$(q -c "SELECT * FROM t WHERE a = 1")"

# ALTER TABLE, each change in its own process
q -c "ALTER TABLE t ADD COLUMN c numeric(10,2) DEFAULT 1.5" >/dev/null
q -c "ALTER TABLE t DROP COLUMN gone" >/dev/null
q -c "ALTER TABLE t RENAME COLUMN b TO bb" >/dev/null
q -c "ALTER TABLE t ALTER COLUMN generated TYPE bigint" >/dev/null
q -c "ALTER TABLE t ADD CONSTRAINT c_pos CHECK (c > 0)" -c "ALTER TABLE t ADD CONSTRAINT bb_u UNIQUE (bb)" >/dev/null
q -c "ALTER TABLE t ALTER COLUMN bb SET NOT NULL" -c "ALTER TABLE t ALTER COLUMN c SET DEFAULT 7" >/dev/null
q -c "ALTER TABLE t RENAME TO t2" >/dev/null
check "altered columns" "a|integer|t
bb|text|t
generated|bigint|f
c|numeric(10,2)|f" "$(q -c "SELECT column_name, type_name, not_null FROM sunstone_columns WHERE table_name = 't2' ORDER BY position")"
check "altered rows" "1|x|3|1.50
2|y|4|1.50" "$(q -c "SELECT * FROM t2 ORDER BY a")"
check "new default" "3|z|7.00" "$(q -c "INSERT INTO t2 (a, bb) VALUES (3, 'z') RETURNING a, bb, c" | head -1)"
check "added CHECK" 'ERROR:  new row for relation "t2" violates check constraint "c_pos"' \
  "$(q -c "INSERT INTO t2 VALUES (4, 'w', 0, -1)" | head -1)"
check "added UNIQUE" 'ERROR:  duplicate key value violates unique constraint "bb_u"' \
  "$(q -c "INSERT INTO t2 VALUES (5, 'x')" | head -1)"
check "SET NOT NULL" 'ERROR:  null value in column "bb" of relation "t2" violates not-null constraint' \
  "$(q -c "INSERT INTO t2 (a, bb) VALUES (6, NULL)" | head -1)"
q -c "ALTER TABLE t2 DROP CONSTRAINT c_pos" -c "ALTER TABLE t2 DROP CONSTRAINT bb_u" \
  -c "ALTER TABLE t2 ALTER COLUMN bb DROP NOT NULL" -c "ALTER TABLE t2 ALTER COLUMN c DROP DEFAULT" >/dev/null
check "dropped constraints and default" "7|x||-5.00
8|||" "$(q -c "INSERT INTO t2 (a, bb, c) VALUES (7, 'x', -5)" -c "INSERT INTO t2 (a, bb) VALUES (8, NULL)" >/dev/null; q -c "SELECT * FROM t2 WHERE a > 6 ORDER BY a")"
check "primary key after the rewrites" 'ERROR:  duplicate key value violates unique constraint "t_pkey"' \
  "$(q -c "INSERT INTO t2 (a) VALUES (1)" | head -1)"

# views
q -c "CREATE VIEW v AS SELECT a, bb FROM t2 WHERE a < 3" -c "CREATE VIEW vv AS SELECT a FROM v" -c "CREATE VIEW d AS SELECT 1 AS one" >/dev/null
q -c "CREATE OR REPLACE VIEW v AS SELECT a, bb FROM t2 WHERE a < 2" -c "DROP VIEW d" >/dev/null
check "views over views" "1" "$(q -c "SELECT * FROM vv")"
check "a dropped view" 'ERROR:  relation "d" does not exist' "$(q -c "SELECT * FROM d" | head -1)"
check "a view follows a rename" " SELECT t3.a,
    t3.bb
   FROM t3
  WHERE (t3.a < 2);" "$(q -c "ALTER TABLE t2 RENAME TO t3" >/dev/null; q -c "SELECT pg_get_viewdef('v')")"

# a view's column defaults (ALTER VIEW ... SET DEFAULT), kept by CREATE OR REPLACE, gone with DROP VIEW
q -c "CREATE VIEW vd AS SELECT a, bb FROM t3" -c "ALTER VIEW vd ALTER COLUMN bb SET DEFAULT 'it''s'" \
  -c "CREATE VIEW \"V d2\" AS SELECT * FROM vd" -c "ALTER TABLE \"V d2\" ALTER COLUMN a SET DEFAULT 40 + 2" >/dev/null
q -c "CREATE OR REPLACE VIEW vd AS SELECT a, bb FROM t3 WHERE a > 0" >/dev/null
check "view defaults" "42|it's" "$(q -c "INSERT INTO \"V d2\" DEFAULT VALUES RETURNING a, bb" | head -1)"
q -c "DROP VIEW \"V d2\"" -c "DROP VIEW vd" -c "CREATE VIEW vd AS SELECT a, bb FROM t3" >/dev/null
check "a dropped view's defaults" "43|like" "$(q -c "INSERT INTO vd (a) VALUES (43)" >/dev/null; q -c "SELECT a, bb FROM t3 WHERE a = 43")"
q -c "DROP VIEW vd" >/dev/null

# schemas, generated columns, foreign keys with their actions
q -c "CREATE SCHEMA s" -c "CREATE TABLE s.p (id int PRIMARY KEY, twice int GENERATED ALWAYS AS (id * 2) STORED)" \
  -c "INSERT INTO s.p (id) VALUES (1), (2), (3)" \
  -c "CREATE TABLE c1 (id int REFERENCES s.p ON DELETE CASCADE, n text)" \
  -c "CREATE TABLE c2 (id int, CONSTRAINT c2_fk FOREIGN KEY (id) REFERENCES s.p (id) ON UPDATE CASCADE ON DELETE SET NULL)" \
  -c "INSERT INTO c1 VALUES (1, 'a'), (2, 'b')" -c "INSERT INTO c2 VALUES (2), (3)" >/dev/null
check "generated column" "1|2
2|4
3|6" "$(q -c "SELECT * FROM s.p ORDER BY id")"
check "generated on insert" "10|20" "$(q -c "INSERT INTO s.p (id) VALUES (10) RETURNING *" | head -1)"
check "foreign key refuses" 'ERROR:  insert or update on table "c1" violates foreign key constraint "c1_id_fkey"' \
  "$(q -c "INSERT INTO c1 VALUES (99, 'x')" | head -1)"
q -c "DELETE FROM s.p WHERE id = 2" -c "UPDATE s.p SET id = 30 WHERE id = 3" >/dev/null
check "ON DELETE CASCADE" "1|a" "$(q -c "SELECT * FROM c1")"
check "ON DELETE SET NULL, ON UPDATE CASCADE" "
30" "$(q -c "SELECT id FROM c2 ORDER BY id NULLS FIRST")"

# a foreign key on a table in another schema (the image's ALTER TABLE s.c3 ADD CONSTRAINT is
# replayed on s.c3, not on a table of that name found through search_path)
q -c "CREATE TABLE s.c3 (id int REFERENCES s.p)" -c "CREATE TABLE c3 (id int)" -c "INSERT INTO s.c3 VALUES (1)" >/dev/null
check "a schema's foreign key reopened" 'ERROR:  insert or update on table "c3" violates foreign key constraint "c3_id_fkey"' \
  "$(q -c "INSERT INTO s.c3 VALUES (98)" | head -1)"
check "the same name in public has none" "INSERT 0 1" "$(q -c "INSERT INTO c3 VALUES (98)")"

# CREATE TABLE AS, SELECT INTO
q -c "CREATE TABLE ctas AS SELECT id, twice FROM s.p WHERE id < 5" -c "SELECT id * 10 AS x INTO s.sel FROM s.p" >/dev/null
check "CREATE TABLE AS" "1|2" "$(q -c "SELECT * FROM ctas")"
check "SELECT INTO in a schema" "10
100
300" "$(q -c "SELECT * FROM s.sel ORDER BY x")"

# DROP SCHEMA CASCADE leaves nothing behind
q -c "CREATE SCHEMA gone" -c "CREATE TABLE gone.g (a int)" -c "CREATE VIEW gone.gv AS SELECT * FROM gone.g" >/dev/null
q -c "DROP SCHEMA gone CASCADE" >/dev/null
check "a dropped schema" 'ERROR:  schema "gone" does not exist' "$(q -c "CREATE TABLE gone.x (a int)" | head -1)"

# a rolled-back ALTER leaves the stored catalog as it was
q -c "BEGIN" -c "ALTER TABLE t3 ADD COLUMN never int" -c "ROLLBACK" >/dev/null
check "rolled-back ALTER" "4" "$(q -c "SELECT count(*) FROM sunstone_columns WHERE table_name = 't3'")"

# sequences, serial and identity columns: nextval after a reopen never returns a value
# handed out before (committed, rolled back, or in a read-only statement)
q -c "CREATE SEQUENCE sq START 100 INCREMENT 5" -c "CREATE TABLE ser (id serial PRIMARY KEY, v text)" \
  -c "CREATE TABLE idn (id bigint GENERATED ALWAYS AS IDENTITY, x int)" \
  -c "INSERT INTO ser (v) VALUES ('a'), ('b')" -c "INSERT INTO idn (x) VALUES (1)" >/dev/null
seen=$(q -c "SELECT nextval('sq')"; q -c "BEGIN" -c "SELECT nextval('sq')" -c "ROLLBACK" | sed -n 2p; q -c "SELECT nextval('sq')")
check "nextval values are distinct across reopens" "3" "$(printf '%s\n' "$seen" | sort -u | wc -l | tr -d ' ')"
check "nextval values grow" "$seen" "$(printf '%s\n' "$seen" | sort -n)"
ids=$(q -c "SELECT id FROM ser ORDER BY id"; q -c "INSERT INTO ser (v) VALUES ('c') RETURNING id" | head -1)
check "serial after a reopen" "3" "$(printf '%s\n' "$ids" | sort -u | wc -l | tr -d ' ')"
check "identity after a reopen" 'ERROR:  cannot insert a non-DEFAULT value into column "id"' \
  "$(q -c "INSERT INTO idn VALUES (5, 5)" | head -1)"
check "identity values distinct" "2" "$(q -c "INSERT INTO idn (x) VALUES (2)" >/dev/null; q -c "SELECT count(DISTINCT id) FROM idn")"
q -c "SELECT setval('sq', 1)" >/dev/null
check "setval back is kept" "t" "$(q -c "SELECT nextval('sq') < 400")"
q -c "DROP TABLE ser" -c "DROP SEQUENCE sq" >/dev/null
check "a table's sequence dropped with it" 'ERROR:  relation "ser_id_seq" does not exist' "$(q -c "SELECT nextval('ser_id_seq')" | head -1)"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
