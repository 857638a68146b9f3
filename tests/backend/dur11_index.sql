-- backend suite: indexes over a backend's row ids: primary keys and unique constraints, index
-- scans after updates and deletes, a rolled-back key change.
CREATE TABLE ix (id int PRIMARY KEY, code text UNIQUE, n int);
INSERT INTO ix SELECT g, 'c' || g, g % 10 FROM generate_series(1, 3000) g;
CREATE INDEX ix_n ON ix (n);
SELECT * FROM ix WHERE id = 1500;
SELECT * FROM ix WHERE code = 'c2999';
SELECT count(*) FROM ix WHERE n = 3;
INSERT INTO ix VALUES (1500, 'dup', 0);
INSERT INTO ix VALUES (4000, 'c1', 0);
UPDATE ix SET id = id + 10000 WHERE id <= 5;
SELECT * FROM ix WHERE id IN (1, 10001, 10005) ORDER BY id;
UPDATE ix SET id = 2 WHERE id = 3;
DELETE FROM ix WHERE id = 10001;
INSERT INTO ix VALUES (10001, 'c10001', 1);
SELECT * FROM ix WHERE id = 10001;
BEGIN;
UPDATE ix SET code = 'renamed' WHERE id = 100;
SELECT * FROM ix WHERE code = 'renamed';
ROLLBACK;
SELECT * FROM ix WHERE code = 'renamed';
SELECT * FROM ix WHERE code = 'c100';
DELETE FROM ix WHERE n = 7;
SELECT count(*) FROM ix WHERE n = 7;
SELECT count(*), sum(id) FROM ix;
TRUNCATE ix;
INSERT INTO ix VALUES (1, 'c1', 1);
SELECT * FROM ix WHERE id = 1;
DROP TABLE ix;
