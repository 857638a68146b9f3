-- numeric input and output: literals, text input, NaN and infinities, typmods (rounding on
-- assignment, field overflow with its DETAIL), errors.
SELECT 1.5, 1e3, 1.5e-3, -0.0, 00012.3400, .5, 5., 1E+2, 2.5e0;
SELECT 123456789012345678901234567890.123456789, -99999999999999999999, 9223372036854775808;
SELECT '12.345'::numeric, ' -1.50 '::numeric, '+.1'::numeric, '1e-5'::numeric, '0'::numeric;
SELECT 'NaN'::numeric, 'nan'::numeric, 'Infinity'::numeric, '-inf'::numeric, '+Infinity'::numeric;
SELECT 'x'::numeric;
SELECT '1.2.3'::numeric;
SELECT ''::numeric;
SELECT '1e'::numeric;
SELECT '1e1001'::numeric = 1e1001, '1e131072'::numeric;
SELECT '1e-16384'::numeric;
SELECT '1e9999999999'::numeric;
SELECT '12.345'::numeric(5,2), '-12.345'::numeric(5,2), '0.005'::numeric(3,2), '99.994'::numeric(4,2);
SELECT 1234.5::numeric(4,0), 1234.5::numeric(5), 0.0001::numeric(2,5);
SELECT '999.995'::numeric(5,2);
SELECT 1000::numeric(5,2);
SELECT 0.1::numeric(1,2);
SELECT 'Infinity'::numeric(5,2);
SELECT 'NaN'::numeric(5,2);
SELECT 12345.678::numeric(6,-2), 123.4::numeric(3,-1);
SELECT 1::numeric(0);
SELECT 1::numeric(1001);
SELECT 1::numeric(5,1001);
CREATE TABLE n (k int, x numeric(7,2), y numeric, z decimal(4,1));
\d n
INSERT INTO n VALUES (1, 12.345, 1.10, 1.25), (2, -0.005, 1e2, -1.25), (3, NULL, 'NaN', NULL);
INSERT INTO n VALUES (4, '99999.999', 0, 0);
INSERT INTO n VALUES (5, 1, 0, 1000);
SELECT * FROM n ORDER BY k;
SELECT x::text, y::text, x::varchar(3) FROM n ORDER BY k;
DROP TABLE n;
