-- difftest (--types numeric): an infinity modulo zero is division by zero, as the division is
SELECT 'Infinity'::numeric % 0;
SELECT '-Infinity'::numeric % 0.0;
SELECT mod('-Infinity'::numeric, 0);
SELECT mod('Infinity'::numeric, -0.000);
SELECT 'Infinity'::numeric % 2, 'NaN'::numeric % 0, 1.5 % 'Infinity'::numeric, -2.5 % '-Infinity'::numeric;
SELECT 'Infinity'::numeric / 0;
SELECT div('-Infinity'::numeric, 0);
CREATE TABLE t1 (a numeric, b numeric);
INSERT INTO t1 VALUES ('Infinity', 3), ('NaN', 0), (7, 'Infinity');
SELECT a % b FROM t1 ORDER BY 1;
INSERT INTO t1 VALUES ('-Infinity', 0);
SELECT a % b FROM t1 ORDER BY 1;
DROP TABLE t1;
