-- index_scan_results: queries the planner answers through an index (enable_seqscan off, as
-- PostgreSQL's regression tests force index paths) return what PostgreSQL returns:
-- equality, int8 values against int4 keys (in and out of range), IN lists with duplicates
-- and NULLs, ranges with open and closed ends, IS NULL, two-column keys, a DESC NULLS FIRST
-- index, ORDER BY ... [DESC] LIMIT on the key, rows rolled back, and prepared lookups.
CREATE TABLE it (id int PRIMARY KEY, a int, b text, c bigint);
CREATE INDEX it_a_b ON it (a, b);
CREATE INDEX it_c ON it (c DESC NULLS FIRST);
INSERT INTO it SELECT g, CASE WHEN g % 11 = 0 THEN NULL ELSE g % 10 END,
  CASE WHEN g % 7 = 0 THEN NULL ELSE 's' || (g % 20) END,
  CASE WHEN g % 5 = 0 THEN NULL ELSE (g % 50) * 3 END
  FROM generate_series(0, 199) g;
BEGIN;
INSERT INTO it VALUES (1000, 3, 's3', 9), (1001, NULL, NULL, NULL);
ROLLBACK;
SET enable_seqscan = off;
SELECT * FROM it WHERE id = 42;
SELECT * FROM it WHERE id = 42::bigint;
SELECT * FROM it WHERE id = 3000000000;
SELECT count(*) FROM it WHERE id < 3000000000 AND id > -3000000000;
SELECT * FROM it WHERE id = 1000;
SELECT id FROM it WHERE id IN (7, 3, 7, NULL, 500, 1) ORDER BY id;
SELECT id FROM it WHERE id > 190;
SELECT id FROM it WHERE id >= 10 AND id < 14;
SELECT id FROM it WHERE id BETWEEN 5 AND 8 AND b IS NOT NULL;
SELECT count(*) FROM it WHERE a IS NULL;
SELECT id, b FROM it WHERE a IS NULL AND b IS NULL ORDER BY id;
SELECT id FROM it WHERE a = 3 AND b = 's13' ORDER BY id;
SELECT id, b FROM it WHERE a = 3 AND b > 's5' ORDER BY id;
SELECT count(*) FROM it WHERE a IN (1, 2, NULL);
SELECT count(*) FROM it WHERE c > 100;
SELECT count(*) FROM it WHERE c IS NULL;
SELECT id, c FROM it WHERE c <= 9 ORDER BY id;
SELECT id FROM it WHERE c IN (3, 147) ORDER BY id;
SELECT id FROM it ORDER BY id DESC LIMIT 3;
SELECT id FROM it ORDER BY id LIMIT 2 OFFSET 5;
SELECT id FROM it WHERE id > 100 ORDER BY id LIMIT 3;
SELECT id, a FROM it WHERE a = 4 ORDER BY a, id LIMIT 3;
PREPARE pk(int) AS SELECT id, b FROM it WHERE id = $1;
EXECUTE pk(12);
EXECUTE pk(13);
EXECUTE pk(NULL);
DEALLOCATE pk;
SELECT x.id, y.b FROM (VALUES (3), (14), (999)) x(id), LATERAL (SELECT b FROM it WHERE it.id = x.id) y ORDER BY 1;
RESET enable_seqscan;
SET enable_indexscan = off;
SELECT id FROM it WHERE id IN (7, 3, 7, NULL, 500, 1) ORDER BY id;
RESET enable_indexscan;
DROP TABLE it;
