-- information_schema's constraint views (table_constraints, key_column_usage,
-- referential_constraints, check_constraints, constraint_column_usage, constraint_table_usage):
-- PRIMARY KEY, UNIQUE, FOREIGN KEY with each action and MATCH, CHECK, NOT NULL (PostgreSQL
-- names those after oids: only their shape is compared), deferrable flags, another schema
CREATE TABLE p (id int PRIMARY KEY, code text UNIQUE, a int, b int, UNIQUE (a, b));
CREATE TABLE c (x int REFERENCES p, y text REFERENCES p (code) MATCH FULL ON DELETE CASCADE ON UPDATE SET NULL,
  a int, b int, FOREIGN KEY (b, a) REFERENCES p (b, a) ON DELETE SET DEFAULT ON UPDATE RESTRICT DEFERRABLE INITIALLY DEFERRED,
  z int NOT NULL CHECK (z > 0), CONSTRAINT named_chk CHECK (a < b AND b > 0));
CREATE TABLE d (i int REFERENCES p ON DELETE SET NULL ON UPDATE CASCADE, j int REFERENCES p ON DELETE NO ACTION DEFERRABLE);
CREATE SCHEMA s2;
CREATE TABLE s2.t (k int PRIMARY KEY DEFERRABLE INITIALLY IMMEDIATE, v int CONSTRAINT vpos CHECK (v >= 0),
  w text CHECK (w <> '' OR w IS NULL), pref int REFERENCES p (id));
CREATE TABLE self (id int PRIMARY KEY, parent int REFERENCES self);
CREATE VIEW vv AS SELECT * FROM p;
SELECT constraint_catalog = table_catalog AS same_catalog, constraint_schema, table_schema, table_name,
       constraint_type, is_deferrable, initially_deferred, enforced, nulls_distinct,
       CASE WHEN constraint_name LIKE '%\_%\_%\_not\_null' THEN 'NOT NULL' ELSE constraint_name END AS name
  FROM information_schema.table_constraints WHERE constraint_schema IN ('public', 's2')
  ORDER BY table_schema, table_name, constraint_type, name;
SELECT table_name, count(*) FROM information_schema.table_constraints
  WHERE constraint_schema IN ('public', 's2') AND constraint_name LIKE '%\_not\_null' GROUP BY 1 ORDER BY 1;
SELECT constraint_schema, constraint_name, table_schema, table_name, column_name, ordinal_position,
       position_in_unique_constraint
  FROM information_schema.key_column_usage WHERE constraint_schema IN ('public', 's2')
  ORDER BY table_schema, table_name, constraint_name, ordinal_position;
SELECT constraint_schema, constraint_name, unique_constraint_catalog IS NOT NULL AS has_catalog,
       unique_constraint_schema, unique_constraint_name, match_option, update_rule, delete_rule
  FROM information_schema.referential_constraints ORDER BY constraint_schema, constraint_name;
SELECT constraint_schema, constraint_name, check_clause FROM information_schema.check_constraints
  WHERE constraint_schema IN ('public', 's2') AND constraint_name NOT LIKE '%\_not\_null' ORDER BY 1, 2;
SELECT constraint_schema, check_clause FROM information_schema.check_constraints
  WHERE constraint_schema IN ('public', 's2') AND constraint_name LIKE '%\_not\_null' ORDER BY 1, 2;
SELECT table_schema, table_name, column_name, constraint_schema, constraint_name
  FROM information_schema.constraint_column_usage WHERE constraint_schema IN ('public', 's2')
  ORDER BY 1, 2, 3, 5;
SELECT table_schema, table_name, constraint_schema, constraint_name
  FROM information_schema.constraint_table_usage WHERE constraint_schema IN ('public', 's2')
  ORDER BY 1, 2, 4;
-- the views follow DDL
ALTER TABLE c RENAME CONSTRAINT named_chk TO renamed_chk;
ALTER TABLE c RENAME COLUMN z TO zz;
ALTER TABLE c DROP CONSTRAINT c_x_fkey;
ALTER TABLE c ADD CONSTRAINT c_x_again FOREIGN KEY (x) REFERENCES p ON DELETE RESTRICT NOT VALID;
ALTER TABLE c ALTER COLUMN a SET NOT NULL;
ALTER TABLE c ADD CONSTRAINT c_uq UNIQUE (zz);
SELECT constraint_name, constraint_type FROM information_schema.table_constraints
  WHERE table_name = 'c' AND constraint_name NOT LIKE '%\_not\_null' ORDER BY 1;
SELECT check_clause FROM information_schema.check_constraints
  WHERE constraint_schema = 'public' AND (constraint_name = 'renamed_chk' OR constraint_name LIKE 'c\_%' OR check_clause LIKE 'zz%' OR check_clause LIKE 'a %')
  ORDER BY 1;
SELECT constraint_name, update_rule, delete_rule FROM information_schema.referential_constraints
  WHERE constraint_name LIKE 'c\_%' ORDER BY 1;
SELECT column_name, constraint_name FROM information_schema.constraint_column_usage WHERE table_name = 'c' ORDER BY 1, 2;
BEGIN;
DROP TABLE d;
SELECT count(*) FROM information_schema.table_constraints WHERE table_name = 'd';
ROLLBACK;
SELECT count(*) FROM information_schema.table_constraints WHERE table_name = 'd';
-- a view, a materialized view and a sequence have none
CREATE MATERIALIZED VIEW mv AS SELECT 1 AS one;
SELECT count(*) FROM information_schema.table_constraints WHERE table_name IN ('vv', 'mv');
-- a unique index that is no constraint is not listed, but a foreign key may reference it
CREATE TABLE q (a int, b int);
CREATE UNIQUE INDEX q_a_idx ON q (a);
CREATE TABLE r (qa int REFERENCES q (a));
SELECT constraint_name, constraint_type FROM information_schema.table_constraints
  WHERE table_name IN ('q', 'r') ORDER BY 1;
SELECT constraint_name, unique_constraint_schema, unique_constraint_name FROM information_schema.referential_constraints
  WHERE constraint_name = 'r_qa_fkey';
SELECT column_name, position_in_unique_constraint FROM information_schema.key_column_usage WHERE table_name = 'r';
