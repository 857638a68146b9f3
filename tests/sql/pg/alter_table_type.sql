-- ALTER TABLE ... ALTER COLUMN [SET DATA] TYPE [USING]: rows rewritten, indexes rebuilt, errors
CREATE TABLE ty (id int PRIMARY KEY, n int DEFAULT 3 CHECK (n < 100), s text, f numeric(8,3));
CREATE INDEX ty_n_idx ON ty (n);
INSERT INTO ty VALUES (1, 10, '12', 1.5), (2, 20, '7', 2.25), (3, NULL, NULL, NULL);
ALTER TABLE ty ALTER COLUMN n TYPE bigint;
\d ty
SELECT * FROM ty WHERE n = 20;
ALTER TABLE ty ALTER COLUMN s TYPE integer;
ALTER TABLE ty ALTER COLUMN s SET DATA TYPE integer USING s::integer;
SELECT id, s + 1 AS s1 FROM ty ORDER BY id;
ALTER TABLE ty ALTER COLUMN f TYPE integer;
ALTER TABLE ty ALTER COLUMN f TYPE text;
SELECT id, f, length(f) FROM ty ORDER BY id;
ALTER TABLE ty ALTER COLUMN f TYPE boolean USING f::boolean;
ALTER TABLE ty ALTER COLUMN f TYPE boolean;
ALTER TABLE ty ALTER COLUMN f TYPE numeric USING (f::numeric * 2);
SELECT id, f FROM ty ORDER BY id;
ALTER TABLE ty ALTER COLUMN nosuch TYPE int;
ALTER TABLE ty ALTER COLUMN n TYPE nosuchtype;
-- a CHECK is checked again, a default cast again
ALTER TABLE ty ALTER COLUMN n TYPE int USING n * 10;
ALTER TABLE ty ALTER COLUMN n TYPE varchar(10);
ALTER TABLE ty ALTER COLUMN n TYPE smallint;
INSERT INTO ty (id) VALUES (4);
-- a unique key that the new type makes duplicate
CREATE TABLE ty2 (x numeric UNIQUE);
INSERT INTO ty2 VALUES (1.2), (1.4);
ALTER TABLE ty2 ALTER COLUMN x TYPE int;
-- a view reading the column stops it
CREATE VIEW ty_v AS SELECT id, s FROM ty;
ALTER TABLE ty ALTER COLUMN s TYPE bigint;
ALTER TABLE ty ALTER COLUMN id TYPE bigint;
DROP VIEW ty_v;
BEGIN;
ALTER TABLE ty ALTER COLUMN s TYPE text;
SELECT id, s FROM ty ORDER BY id;
ROLLBACK;
\d ty
SELECT * FROM ty ORDER BY id;
DROP TABLE ty, ty2;
