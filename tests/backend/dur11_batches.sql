-- backend suite: tables around the batch capacity (1024 rows): 1023, 1024, 1025, 2048, 5000
-- rows, read whole, filtered, aggregated, and written from a scan of themselves.
CREATE TABLE b1 (k int, v text);
INSERT INTO b1 SELECT g, 'v' || g FROM generate_series(1, 1023) g;
SELECT count(*), min(k), max(k), sum(k) FROM b1;
INSERT INTO b1 VALUES (1024, 'v1024');
SELECT count(*), sum(k), max(v) FROM b1;
INSERT INTO b1 VALUES (1025, 'v1025');
SELECT count(*), sum(k) FROM b1;
INSERT INTO b1 SELECT k + 1025, v FROM b1 WHERE k <= 1023;
SELECT count(*), sum(k), count(DISTINCT v) FROM b1;
-- INSERT ... SELECT from the same table reads only the rows that were there before
INSERT INTO b1 SELECT k + 10000, v FROM b1;
SELECT count(*), sum(k) FROM b1;
SELECT k, v FROM b1 WHERE k IN (1, 1024, 1025, 1026, 2048, 11024, 12096) ORDER BY k;
SELECT k % 7 AS m, count(*), sum(k) FROM b1 GROUP BY 1 ORDER BY 1;
-- deletes that leave whole batches empty, and sparse survivors
DELETE FROM b1 WHERE k > 100 AND k < 3000;
SELECT count(*), sum(k) FROM b1;
DELETE FROM b1 WHERE k % 500 <> 0;
SELECT k FROM b1 ORDER BY k;
-- a wide scan of 5000 rows with a NULL in every third row
CREATE TABLE b2 (k int, a int, t text);
INSERT INTO b2 SELECT g, CASE WHEN g % 3 = 0 THEN NULL ELSE g END, CASE WHEN g % 3 = 1 THEN NULL ELSE md5(g::text) END
  FROM generate_series(1, 5000) g;
SELECT count(*), count(a), count(t), sum(a), max(t) FROM b2;
SELECT * FROM b2 WHERE k BETWEEN 1022 AND 1027 ORDER BY k;
SELECT * FROM b2 ORDER BY k DESC LIMIT 3;
DROP TABLE b1, b2;
