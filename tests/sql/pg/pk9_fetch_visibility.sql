-- Point reads by primary key (index scan -> fetch by row id) over rows whose versions differ:
-- committed, rolled back, deleted, updated, deleted and rolled back, written by the reader's
-- own open transaction.  The memory backend marks a chunk's leading rows "all visible" from
-- such reads as well as from scans; every answer must stay what the versions say.
SET enable_seqscan = off;
CREATE TABLE fv (id int PRIMARY KEY, v int, s text);
INSERT INTO fv SELECT g, g * 10, 's' || g FROM generate_series(1, 10) g;
BEGIN;
INSERT INTO fv VALUES (11, 110, 'rolled back');
ROLLBACK;
INSERT INTO fv VALUES (12, 120, 's12');
-- the first reads: 1..10 are old and committed, 11 was rolled back, 12 is committed
SELECT * FROM fv WHERE id = 1;
SELECT * FROM fv WHERE id = 5;
SELECT * FROM fv WHERE id = 10;
SELECT * FROM fv WHERE id = 11;
SELECT * FROM fv WHERE id = 12;
SELECT * FROM fv WHERE id = 12;
-- a delete after the reads marked the rows: the deleted row is gone, its neighbours stay
DELETE FROM fv WHERE id = 5;
SELECT * FROM fv WHERE id = 5;
SELECT * FROM fv WHERE id = 4;
SELECT * FROM fv WHERE id = 6;
-- an update: the old version goes, the new one is read
UPDATE fv SET v = -3, s = 'three' WHERE id = 3;
SELECT * FROM fv WHERE id = 3;
SELECT * FROM fv WHERE id = 2;
-- a delete rolled back, and one inside the reader's own transaction
BEGIN;
DELETE FROM fv WHERE id = 7;
SELECT * FROM fv WHERE id = 7;
ROLLBACK;
SELECT * FROM fv WHERE id = 7;
SELECT * FROM fv WHERE id = 8;
BEGIN;
INSERT INTO fv VALUES (13, 130, 'own');
SELECT * FROM fv WHERE id = 13;
DELETE FROM fv WHERE id = 8;
SELECT * FROM fv WHERE id = 8;
SELECT * FROM fv WHERE id = 9;
SAVEPOINT a;
DELETE FROM fv WHERE id = 9;
SELECT * FROM fv WHERE id = 9;
ROLLBACK TO a;
SELECT * FROM fv WHERE id = 9;
COMMIT;
SELECT * FROM fv WHERE id = 8;
SELECT * FROM fv WHERE id = 13;
-- IN lists read several rows of the chunk at once
SELECT * FROM fv WHERE id IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13) ORDER BY id;
-- more rows than one chunk holds: reads by row id across chunks, then a delete in each
INSERT INTO fv SELECT g, g * 10, 's' || g FROM generate_series(100, 2599) g;
SELECT * FROM fv WHERE id = 100;
SELECT * FROM fv WHERE id = 1200;
SELECT * FROM fv WHERE id = 2599;
DELETE FROM fv WHERE id IN (100, 1200, 2599);
SELECT * FROM fv WHERE id = 100;
SELECT * FROM fv WHERE id = 1200;
SELECT * FROM fv WHERE id = 2599;
SELECT * FROM fv WHERE id = 1201;
SELECT count(*), sum(v) FROM fv;
DROP TABLE fv;
