-- difftest (--types numeric): x IN (list) converts the list to the common type, not x: the
-- operator is resolved for (x's type, that type), so numeric IN (real, ...) compares in float8
SELECT (9999999999999999999.5 NOT IN (1.5::real, 9999999999999999999.5, 0));
SELECT ((0.1 IN (10, '0.1'::real, 1e20)))::text;
SELECT 0.1::float8 IN ('0.1'::real, 2), 0.1::real IN (0.1, 2), 0.5 IN (0.5::real, 1), 16777217::int8 IN (16777216::real, 1::real);
SELECT 1 IN (1.0, 2.00), 1.0 IN (1, 2), '1' IN (1.0, 2), 1.5::real IN ('1.5', 2);
CREATE TABLE t1 (a numeric, b bigint, c real);
INSERT INTO t1 VALUES (0.1, 16777217, 0.1), (1e19, 9007199254740993, 1.5), (2.5, 3, 16777216);
SELECT a, a IN ('0.1'::real, 2.5::real), a NOT IN (1e19::real, 0) FROM t1 ORDER BY 1;
SELECT b, b IN (16777216::real, 3::real) FROM t1 ORDER BY 1;
SELECT c, c IN (0.1, 16777217), c IN (0.1::float8, 1.5) FROM t1 ORDER BY 1;
DROP TABLE t1;
