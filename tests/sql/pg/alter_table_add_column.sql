-- ALTER TABLE ... ADD COLUMN: defaults for existing rows, NOT NULL, CHECK, IF NOT EXISTS, errors
CREATE TABLE ac (id int PRIMARY KEY, name text);
INSERT INTO ac VALUES (1, 'one'), (2, 'two');
ALTER TABLE ac ADD COLUMN n int;
ALTER TABLE ac ADD COLUMN d int DEFAULT 7;
ALTER TABLE ac ADD k varchar(5) NOT NULL DEFAULT 'kk';
ALTER TABLE ac ADD COLUMN e numeric(6,2) DEFAULT 1.005 CHECK (e > 0);
SELECT * FROM ac ORDER BY id;
\d ac
INSERT INTO ac (id) VALUES (3);
INSERT INTO ac (id, e) VALUES (4, -1);
SELECT * FROM ac ORDER BY id;
-- a volatile default gives each row its own value
ALTER TABLE ac ADD COLUMN r float8 DEFAULT random();
SELECT count(DISTINCT r) = count(*) AS distinct_values, min(r) >= 0 AND max(r) < 1 AS in_range FROM ac;
ALTER TABLE ac DROP COLUMN r;
-- NOT NULL without a default on a table with rows
ALTER TABLE ac ADD COLUMN z int NOT NULL;
-- but on an empty table it is fine
CREATE TABLE ac_empty (a int);
ALTER TABLE ac_empty ADD COLUMN b int NOT NULL;
\d ac_empty
-- a default that breaks a CHECK written with it
ALTER TABLE ac ADD COLUMN f int DEFAULT 0 CHECK (f > 0);
ALTER TABLE ac ADD COLUMN IF NOT EXISTS name text;
ALTER TABLE ac ADD COLUMN name text;
ALTER TABLE ac ADD COLUMN bad nosuchtype;
ALTER TABLE ac ADD COLUMN g int DEFAULT 'abc';
ALTER TABLE ac ADD COLUMN g boolean DEFAULT 1;
ALTER TABLE nosuch ADD COLUMN x int;
ALTER TABLE IF EXISTS nosuch ADD COLUMN x int;
-- several columns in one statement, and a statement that fails adds none
ALTER TABLE ac ADD COLUMN g1 int DEFAULT 1, ADD COLUMN g2 text DEFAULT 'g';
ALTER TABLE ac ADD COLUMN h1 int DEFAULT 1, ADD COLUMN h2 int NOT NULL;
\d ac
SELECT * FROM ac ORDER BY id;
-- indexes keep working after the rewrite a volatile default makes
ALTER TABLE ac ADD COLUMN s float8 DEFAULT random();
INSERT INTO ac (id) VALUES (1);
SELECT id, name, d FROM ac WHERE id = 2;
DROP TABLE ac, ac_empty;
