-- numeric arithmetic: exact + - * / % with PostgreSQL's result scales, mixing with integers
-- (numeric) and float8 (float8), comparisons, NaN and infinities, errors.
SELECT 1.50 + 2, 2 - 0.25, 2 * 1.1, 1.10 * 1.10, 7.5 % 2, -7.5 % 2, 7 % -2.5;
SELECT 1 / 3.0, 10.0 / 4, 2 / 3::numeric, 1 / 7.000000, 100000 / 0.003, 0.001 / 3000;
SELECT 1::numeric / 1, 12345678901234567890 / 3, 1e20 / 7, 2.0 / 1e-10;
SELECT 99999999999999999 * 99999999999999999, 0.000000001 * 0.000000001;
SELECT 123456789012345678901234567890.5 + 0.5, 1e30 - 1, -(1.5), - -2.25;
SELECT 1.5 + 1::float8, 1.5 + 1::float8 = 2.5::float8, 2 * 1.5, 1::int8 * 1.0;
SELECT 1 / 0.0;
SELECT 1.5 % 0;
SELECT 'NaN'::numeric + 1, 'Infinity'::numeric + 1, 'Infinity'::numeric - 'Infinity'::numeric,
       'Infinity'::numeric * -2, 0 * 'Infinity'::numeric, 1 / 'Infinity'::numeric,
       'Infinity'::numeric / 2, 5 % 'Infinity'::numeric;
SELECT 'Infinity'::numeric / 0;
SELECT 1.0 = 1.00, 1.5 < 2, 2.50 >= 2.5, 'NaN'::numeric > 'Infinity'::numeric,
       'NaN'::numeric = 'NaN'::numeric, -1.5 < -1.25, 0.0 = -0.0, 1 = 1.0;
SELECT 1.5 BETWEEN 1 AND 2, 2.0 IN (1, 2, 3), 2.5 NOT IN (2.50, 3);
SELECT 1e-20 < 1.0, 12.5 > 1e-30, 1e-19 = 0.0000000000000000001, 5 > 0.000000000000000000000001;
SELECT CASE WHEN true THEN 1 ELSE 2.5 END, COALESCE(NULL, 0.5) * 2;
SELECT 1e200 * 1e200 * 1e200 * 1e200 * 1e200 * 1e200 * 1e200 * 1e200 * 1e200 * 1e200;
CREATE TABLE a (b int, c int, d float8, x numeric(12,2));
INSERT INTO a VALUES (1, 10, 0.5, 1.25), (3, 899, 1.5, -2.5), (10, 900, 2, NULL), (17, 5, 0, 100.01);
SELECT b * x, c * 1.1, x / 3, x % 1, x + d, -x FROM a ORDER BY b;
SELECT count(*), sum(b * 2 + d), sum(c * 1.1) FROM a WHERE b % 7 = 3 AND c < 900;
SELECT * FROM a WHERE x > 1 ORDER BY x;
SELECT * FROM a WHERE x = 1.250 OR x IN (-2.5, 7);
SELECT 1::int2 + 1.5, 2::int8 * 1.5, 10 / 4.0;
CREATE TABLE w (v int8, s int2);
INSERT INTO w VALUES (9223372036854775807, 1), (-9223372036854775808, -1), (999999999999999999, 7), (NULL, NULL);
SELECT v * 1.5, 0.25 - v, v + 0.001, s * 2.5, 1.10 - s, v * 0.000000000000000001 FROM w;
SELECT sum(v * 1.1), sum(s - 0.5), avg(v) FROM w;
DROP TABLE w;
DROP TABLE a;
