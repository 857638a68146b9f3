-- difftest (--types numeric): numeric -> float8 beyond double's range is 22003 quoting the
-- digits (numeric_float8 goes through float8in), in casts, assignments and mixed arithmetic
SELECT 1e400::float8;
SELECT '-1e400'::numeric::float8;
SELECT 1e-400::numeric::float8;
SELECT (-1e-400)::float8;
SELECT 1e308::numeric::float8, 2.2250738585072014e-308::numeric::float8, 4.9e-324::numeric::float8;
SELECT 'NaN'::numeric::float8, 'Infinity'::numeric::float8, '-Infinity'::numeric::float8;
SELECT 123456789012345678901234567890.5::float8, 0.1::numeric::float8, (-0.000)::numeric::float8;
CREATE TABLE t1 (c double precision, n numeric);
INSERT INTO t1 VALUES (1e400);
INSERT INTO t1 VALUES (1.5, 1e400), (2.5, 1e-20);
SELECT c + n FROM t1 ORDER BY 1;
SELECT CAST(n * 1e-400 AS double precision) FROM t1 ORDER BY 1;
DROP TABLE t1;
