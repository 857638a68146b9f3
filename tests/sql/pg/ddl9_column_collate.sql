-- Column-level COLLATE in CREATE TABLE and ALTER TABLE ADD COLUMN: the collation must exist
-- (42704), then the column's type must be collatable (42804); "default" is the column's
-- collation when none is given (for name: "C"), so \d shows nothing for it.
CREATE TABLE t1 (a int COLLATE "nope");
CREATE TABLE t1 (a int COLLATE "C");
CREATE TABLE t1 (a text COLLATE "nope");
CREATE TABLE t1 (a int COLLATE "default");
CREATE TABLE t1 (a serial COLLATE "default");
CREATE TABLE t1 (a date[] COLLATE "default");
CREATE TABLE t2 (a text COLLATE public."default");
CREATE TABLE t2 (a text COLLATE public."C");
CREATE TABLE t1 (a text COLLATE "default", b varchar(3) COLLATE pg_catalog."default",
                 c text[] COLLATE "default", d char(2) COLLATE "default" NOT NULL,
                 e name COLLATE "C", g name[] COLLATE pg_catalog."C");
\d t1
INSERT INTO t1 VALUES ('b', 'b', '{b}', 'x'), ('a', 'a', '{a}', 'y');
SELECT a, b, c, d FROM t1 ORDER BY a;
ALTER TABLE t1 ADD COLUMN f int COLLATE "default";
ALTER TABLE t1 ADD COLUMN f text COLLATE "nope";
ALTER TABLE t1 ADD COLUMN f text COLLATE "default";
ALTER TABLE t1 ADD COLUMN IF NOT EXISTS f varchar COLLATE "default";
\d t1
-- ALTER COLUMN TYPE ... COLLATE: the same checks, the column found first, no error position
ALTER TABLE t1 ALTER COLUMN a TYPE text COLLATE "nope";
ALTER TABLE t1 ALTER COLUMN zz TYPE int COLLATE public."C";
ALTER TABLE t1 ALTER COLUMN a TYPE varchar(5) COLLATE public."C";
ALTER TABLE t1 ALTER COLUMN a TYPE int COLLATE "C" USING 1;
ALTER TABLE t1 ALTER COLUMN a TYPE int COLLATE "default" USING 1;
ALTER TABLE t1 ALTER COLUMN a TYPE varchar(5) COLLATE "default";
ALTER TABLE t1 ALTER COLUMN e TYPE name[] COLLATE "C" USING ARRAY[e];
\d t1
CREATE TABLE t3 AS SELECT a, f FROM t1;
\d t3
DROP TABLE t1, t3;
