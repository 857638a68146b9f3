-- Rows read back by primary key (index scan, fetch by row id) across many chunks of the
-- memory backend, after the chunk array grew, after a NULL landed in an existing chunk,
-- and after ALTER TABLE ADD / DROP COLUMN changed the columns in place.
CREATE TABLE pkf (id int PRIMARY KEY, v int, s text);
INSERT INTO pkf SELECT g, g % 7, 's' || g FROM generate_series(1, 20000) g;
SELECT id, v, s FROM pkf WHERE id = 1;
SELECT id, v, s FROM pkf WHERE id = 1024;
SELECT id, v, s FROM pkf WHERE id = 1025;
SELECT id, v, s FROM pkf WHERE id = 19999;
SELECT id, v, s FROM pkf WHERE id IN (3, 5000, 10240, 20000, 20001) ORDER BY id;
-- NULLs into the tail chunk, which had none
INSERT INTO pkf VALUES (20001, NULL, NULL), (20002, 2, NULL), (20003, NULL, 'x');
SELECT id, v, s, v IS NULL AS vn, s IS NULL AS sn FROM pkf WHERE id IN (20000, 20001, 20002, 20003) ORDER BY id;
-- more chunks, one statement at a time
INSERT INTO pkf SELECT g, -g, repeat('t', g % 5) FROM generate_series(20004, 45000) g;
SELECT id, v, s FROM pkf WHERE id = 44999;
SELECT id, v, s FROM pkf WHERE id = 20010;
ALTER TABLE pkf ADD COLUMN w int DEFAULT 5;
SELECT id, v, s, w FROM pkf WHERE id = 7;
SELECT id, v, s, w FROM pkf WHERE id = 45000;
INSERT INTO pkf VALUES (45001, 1, 'a', NULL), (45002, 2, 'b', 9);
SELECT id, w, s FROM pkf WHERE id IN (45000, 45001, 45002) ORDER BY id;
ALTER TABLE pkf DROP COLUMN v;
SELECT * FROM pkf WHERE id = 8;
SELECT * FROM pkf WHERE id = 45002;
SELECT s, w FROM pkf WHERE id = 20001;
ALTER TABLE pkf DROP COLUMN s;
SELECT * FROM pkf WHERE id = 30000;
ALTER TABLE pkf ADD COLUMN t text;
UPDATE pkf SET t = 'u' || id WHERE id IN (2, 44000);
SELECT * FROM pkf WHERE id IN (2, 3, 44000) ORDER BY id;
-- a statement that fails rolls its rows back; a lookup finds the rows before it only
INSERT INTO pkf SELECT g, 1, 'z' FROM generate_series(45003, 47000) g UNION ALL SELECT 1, 1, 'dup';
SELECT * FROM pkf WHERE id = 45003;
SELECT count(*) FROM pkf;
-- in a transaction: rows of the transaction itself, then after ROLLBACK
BEGIN;
INSERT INTO pkf SELECT g, g, 'r' FROM generate_series(50000, 52100) g;
SELECT * FROM pkf WHERE id = 52100;
ROLLBACK;
SELECT * FROM pkf WHERE id = 52100;
INSERT INTO pkf VALUES (52100, 0, 'after');
SELECT * FROM pkf WHERE id = 52100;
DROP TABLE pkf;
