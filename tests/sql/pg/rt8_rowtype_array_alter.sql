-- ALTER TABLE p ADD / DROP / RENAME COLUMN while columns of other tables use p[] (and p):
-- the values are read with the new layout (an added field NULL, a dropped one gone); a
-- change that rewrites p (ADD COLUMN with a default, ALTER COLUMN TYPE) is PostgreSQL's 0A000
CREATE TABLE rt8ap (a int, b text);
CREATE TABLE rt8aq (id int, xs rt8ap[], x rt8ap);
INSERT INTO rt8aq VALUES (1, ARRAY[ROW(1,'a')::rt8ap, NULL, ROW(2,'b')::rt8ap], ROW(7,'g')),
  (2, NULL, NULL), (3, '{}', ROW(NULL,NULL)), (4, '[0:1]={"(3,c)","(4,d)"}', NULL),
  (5, ARRAY[[ROW(5,'e')::rt8ap, ROW(6,'f')::rt8ap], [NULL, ROW(NULL,'h')::rt8ap]], NULL);
ALTER TABLE rt8ap ADD COLUMN c int;
SELECT * FROM rt8aq ORDER BY id;
SELECT id, xs[1], (xs[1]).c, array_length(xs, 1), array_lower(xs, 1) FROM rt8aq ORDER BY id;
UPDATE rt8aq SET xs = xs || ROW(9,'i',10)::rt8ap WHERE id = 1;
ALTER TABLE rt8ap ADD COLUMN d int DEFAULT 5;
ALTER TABLE rt8ap ADD COLUMN d serial;
ALTER TABLE rt8ap ADD COLUMN d int DEFAULT NULL;
ALTER TABLE rt8ap ADD COLUMN e int NOT NULL;
SELECT * FROM rt8aq ORDER BY id;
ALTER TABLE rt8ap DROP COLUMN b;
SELECT * FROM rt8aq ORDER BY id;
SELECT (xs[1]).* FROM rt8aq WHERE id = 1;
ALTER TABLE rt8ap RENAME COLUMN a TO aa;
SELECT id, (xs[1]).aa, (x).aa FROM rt8aq ORDER BY id;
ALTER TABLE rt8ap ALTER COLUMN aa TYPE int8;
SELECT pg_typeof(xs), pg_typeof(x) FROM rt8aq WHERE id = 1;
INSERT INTO rt8aq VALUES (6, ARRAY[ROW(1,2,3,4)::rt8ap], ROW(1,2,3,4));
SELECT * FROM rt8aq WHERE id = 6;
-- in a transaction rolled back
BEGIN;
ALTER TABLE rt8ap DROP COLUMN c;
SELECT xs FROM rt8aq WHERE id = 1;
ROLLBACK;
SELECT xs FROM rt8aq WHERE id = 1;
\d rt8aq
