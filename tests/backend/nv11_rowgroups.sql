-- backend suite: many small writes (a columnar backend merges them into its open tail row
-- group), large ones past a row group, updates and deletes of rows in both, a scan that
-- inserts into the table it reads, ranges and arrays, and point reads through an index.
CREATE TABLE sm (k int, v text, f float8);
INSERT INTO sm VALUES (1, 'one', 1.5);
INSERT INTO sm VALUES (2, NULL, -0.0);
INSERT INTO sm VALUES (3, 'three', 'NaN');
INSERT INTO sm VALUES (4, 'four', 'Infinity');
BEGIN;
INSERT INTO sm VALUES (5, 'five', 5);
UPDATE sm SET v = 'uno' WHERE k = 1;
DELETE FROM sm WHERE k = 2;
SELECT * FROM sm ORDER BY k;
ROLLBACK;
SELECT * FROM sm ORDER BY k;
UPDATE sm SET v = v || '!' WHERE k >= 3;
INSERT INTO sm VALUES (6, 'six', 6);
DELETE FROM sm WHERE k = 4;
SELECT * FROM sm ORDER BY k;
-- a scan of the table an INSERT writes to sees it as it was
INSERT INTO sm SELECT k + 10, v, f FROM sm;
INSERT INTO sm SELECT k + 100, v, f FROM sm;
SELECT count(*), sum(k), count(v) FROM sm;
-- past one row group (65536 rows) and back through an index
CREATE TABLE lg (k int, g int, s text);
INSERT INTO lg SELECT i, i % 7, CASE WHEN i % 1000 = 0 THEN NULL ELSE 's' || (i % 13) END FROM generate_series(1, 70000) i;
INSERT INTO lg VALUES (70001, 0, 'last');
SELECT count(*), sum(k), count(s), count(DISTINCT s), min(k), max(k) FROM lg;
CREATE INDEX lg_k ON lg (k);
SELECT * FROM lg WHERE k IN (1, 1000, 65536, 65537, 70000, 70001) ORDER BY k;
UPDATE lg SET s = 'changed' WHERE k IN (2, 65540, 70001);
DELETE FROM lg WHERE g = 3;
SELECT count(*), sum(k), count(*) FILTER (WHERE s = 'changed') FROM lg;
SELECT * FROM lg WHERE k IN (2, 3, 65540, 70001) ORDER BY k;
SELECT g, count(*), min(k), max(k) FROM lg GROUP BY g ORDER BY g;
-- ranges, arrays of text, int2/float4 at their limits
CREATE TABLE ty2 (r int4range, nr numrange, ta text[][], s2 int2, f4 real);
INSERT INTO ty2 VALUES ('[1,5)', '(1.5,2.5]', '{{a,b},{c,NULL}}', -32768, 3.4e38),
  ('empty', NULL, '{}', 32767, -1.5e-38), (NULL, '[,]', NULL, NULL, 'NaN');
SELECT * FROM ty2 ORDER BY s2;
SELECT upper(r), lower(nr), ta[2][1] FROM ty2 ORDER BY s2;
