-- Multi-batch paths: tables much larger than one 1024-row batch, built by INSERT ... SELECT
-- doubling; filters, sorts, limits and aggregates that cross batch boundaries.
CREATE TABLE big (a int, b int, c float8, s text);
INSERT INTO big VALUES (1, 1, 0.5::float8, 'r1');
INSERT INTO big SELECT a + 1, (a + 1) % 97, (a + 1) * 0.5::float8, 'r' || (a + 1) FROM big;
INSERT INTO big SELECT a + 2, (a + 2) % 97, (a + 2) * 0.5::float8, 'r' || (a + 2) FROM big;
INSERT INTO big SELECT a + 4, (a + 4) % 97, (a + 4) * 0.5::float8, 'r' || (a + 4) FROM big;
INSERT INTO big SELECT a + 8, (a + 8) % 97, (a + 8) * 0.5::float8, 'r' || (a + 8) FROM big;
INSERT INTO big SELECT a + 16, (a + 16) % 97, (a + 16) * 0.5::float8, 'r' || (a + 16) FROM big;
INSERT INTO big SELECT a + 32, (a + 32) % 97, (a + 32) * 0.5::float8, 'r' || (a + 32) FROM big;
INSERT INTO big SELECT a + 64, (a + 64) % 97, (a + 64) * 0.5::float8, 'r' || (a + 64) FROM big;
INSERT INTO big SELECT a + 128, (a + 128) % 97, (a + 128) * 0.5::float8, 'r' || (a + 128) FROM big;
INSERT INTO big SELECT a + 256, (a + 256) % 97, (a + 256) * 0.5::float8, 'r' || (a + 256) FROM big;
INSERT INTO big SELECT a + 512, (a + 512) % 97, (a + 512) * 0.5::float8, 'r' || (a + 512) FROM big;
INSERT INTO big SELECT a + 1024, (a + 1024) % 97, (a + 1024) * 0.5::float8, 'r' || (a + 1024) FROM big;
INSERT INTO big SELECT a + 2048, (a + 2048) % 97, NULL, 'r' || (a + 2048) FROM big WHERE a % 3 = 0;
SELECT count(*), count(c), sum(a), sum(b), min(s), max(s), sum(c) FROM big;
SELECT a, s FROM big WHERE a % 1000 = 7 ORDER BY a;
SELECT a FROM big ORDER BY a DESC LIMIT 5 OFFSET 1020;
SELECT a, b FROM big WHERE b = 13 ORDER BY a LIMIT 3 OFFSET 20;
SELECT b, count(*), sum(a), min(c), max(c) FROM big GROUP BY b HAVING count(*) > 26 ORDER BY b;
SELECT s FROM big ORDER BY s DESC LIMIT 4;
SELECT count(DISTINCT b), count(DISTINCT c IS NULL) FROM big;
SELECT c IS NULL AS missing, count(*) FROM big GROUP BY 1 ORDER BY 1;
SELECT a FROM big WHERE a BETWEEN 1020 AND 1030 AND b <> 60 ORDER BY a;
DROP TABLE big;
