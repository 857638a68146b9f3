-- numeric over several batches: hash grouping with growth, DISTINCT, sorts with ties, a join
-- of numeric with integer keys, IN lists, sums of products (5000 rows).
CREATE TABLE g (k int, x numeric(10,3));
CREATE TABLE s (a int);
INSERT INTO s VALUES (1);
INSERT INTO s SELECT a + 1 FROM s;
INSERT INTO s SELECT a + 2 FROM s;
INSERT INTO s SELECT a + 4 FROM s;
INSERT INTO s SELECT a + 8 FROM s;
INSERT INTO s SELECT a + 16 FROM s;
INSERT INTO s SELECT a + 32 FROM s;
INSERT INTO s SELECT a + 64 FROM s;
INSERT INTO s SELECT a + 128 FROM s;
INSERT INTO s SELECT a + 256 FROM s;
INSERT INTO s SELECT a + 512 FROM s;
INSERT INTO s SELECT a + 1024 FROM s;
INSERT INTO s SELECT a + 2048 FROM s;
INSERT INTO s SELECT a + 4096 FROM s;
INSERT INTO g SELECT a, (a % 997) * 0.125 FROM s WHERE a <= 5000;
SELECT count(*), count(DISTINCT x), sum(x), avg(x), min(x), max(x) FROM g;
SELECT x, count(*), sum(k) FROM g GROUP BY x ORDER BY x DESC LIMIT 5;
SELECT k, x FROM g ORDER BY x, k LIMIT 5 OFFSET 100;
CREATE TABLE h (v int);
INSERT INTO h VALUES (1), (2), (3), (125);
SELECT h.v, count(*) FROM g JOIN h ON g.x = h.v GROUP BY h.v ORDER BY 1;
SELECT DISTINCT x * 8 FROM g WHERE x < 1 ORDER BY 1;
SELECT x FROM g WHERE x IN (1.5, 2.000, 3) GROUP BY x ORDER BY x;
SELECT sum(x * 1.5), avg(k::int8), sum(k::int8 * 1000000000000) FROM g;
DROP TABLE g; DROP TABLE h; DROP TABLE s;
