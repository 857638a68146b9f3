-- difftest (--types numeric): sum / avg of numerics whose scales differ by more than the
-- 128-bit running sum can take (a value at a small scale after one at scale 48)
CREATE TABLE t1 (g int, b bigint, c numeric);
INSERT INTO t1 VALUES (1, 1, -98765432109876543210987654321.0123456789), (1, 3037000500, 1e3), (1, 5, .5),
  (1, -9223372036854775808, NULL), (1, -12, 0.015), (2, 7, 1e-40), (2, 1, 1), (2, 2, 0.5);
SELECT avg(b / c), sum(b / c), count(b / c) FROM t1;
SELECT g, sum(b / c), avg(b / c) FROM t1 GROUP BY g ORDER BY g;
SELECT sum(x) FROM (VALUES (0.000000000000000000000000000000000000000000000001), (1), (123456789.5), (2)) AS v(x);
SELECT sum(x), avg(x) FROM (VALUES (1e-38), (100), (1e-45), (99999999999999999999.5)) AS v(x);
DROP TABLE t1;
