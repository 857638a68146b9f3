-- ALTER TABLE of a table whose row type a column uses: ADD / DROP / RENAME COLUMN carry to
-- the values (an added field NULL), ALTER COLUMN TYPE refused; rolled back with the transaction
CREATE TABLE rap (a int, b text);
CREATE TABLE raq (id int, x rap);
INSERT INTO raq VALUES (1, ROW(1,'a')), (2, NULL), (3, ROW(NULL,NULL));
ALTER TABLE rap ADD COLUMN c int;
SELECT * FROM raq ORDER BY id;
SELECT id, x, (x).c, x IS NULL AS isnull FROM raq ORDER BY id;
INSERT INTO raq VALUES (4, ROW(4,'d',44));
INSERT INTO raq VALUES (5, ROW(5,'e'));
ALTER TABLE rap RENAME COLUMN c TO cc;
SELECT to_jsonb(raq) FROM raq ORDER BY id;
SELECT (x).cc FROM raq ORDER BY id;
BEGIN;
ALTER TABLE rap DROP COLUMN b;
SELECT * FROM raq ORDER BY id;
ROLLBACK;
SELECT * FROM raq ORDER BY id;
ALTER TABLE rap DROP COLUMN b;
SELECT * FROM raq ORDER BY id;
SELECT x FROM raq ORDER BY x;
ALTER TABLE rap ALTER COLUMN a TYPE bigint;
\d raq
\d rap
