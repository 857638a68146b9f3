-- to_char for numbers: numeric, int4, int8, float4, float8 over PostgreSQL's template patterns
CREATE TABLE tcn_v (x numeric);
INSERT INTO tcn_v VALUES (0), (5), (-5), (0.5), (-0.5), (1234.5), (-1234.567), (12345.678), (0.004), (100), (-0.004), (3999), (9.995), (1e20);
CREATE TABLE tcn_r (x numeric);
INSERT INTO tcn_r SELECT x FROM tcn_v WHERE x < 1e9;
CREATE TABLE tcn_f (p text);
INSERT INTO tcn_f VALUES ('999'), ('9,999.99'), ('0000'), ('9990.99'), ('FM999'), ('FM9.99'), ('FM9990.00'), ('S999'), ('999S'),
  ('999MI'), ('MI999'), ('999PL'), ('PL999'), ('SG999'), ('999PR'), ('L999'), ('9.99EEEE'), ('RN'), ('FMRN'), ('rn'), ('999th'),
  ('FM999TH'), ('99V9'), ('9G999D99'), ('"val:"999'), ('9 9 9'), ('FM0.999'), ('.99'), ('99.'), ('FMS999'), ('FM999MI'),
  ('FM999PR'), ('00.00'), ('9.9'), ('FM9,999'), ('999V99'), ('99999999999999999999999.99'), ('FM90.9'), ('$999.99'), ('S9.99'), ('9.99S');
SELECT p, x, '[' || to_char(x, p) || ']' AS numeric_out FROM tcn_f, tcn_v WHERE p NOT ILIKE '%rn%' ORDER BY p, x;
SELECT p, x, '[' || to_char(x, p) || ']' AS numeric_rn FROM tcn_f, tcn_r WHERE p ILIKE '%rn%' ORDER BY p, x;
SELECT to_char('NaN'::numeric, 'RN');
SELECT to_char('NaN'::numeric, '999th');
SELECT p, '[' || to_char('NaN'::numeric, p) || ']' AS nan, '[' || to_char('-Infinity'::float8, p) || ']' AS ninf, '[' || to_char('Infinity'::numeric, p) || ']' AS inf FROM tcn_f WHERE p NOT ILIKE '%rn%' AND p NOT ILIKE '%th%' ORDER BY p;
SELECT to_char(1e20, 'RN');
SELECT to_char('Infinity'::float8, 'RN');
SELECT p, x, '[' || to_char(x::float8, p) || ']' AS float8_out FROM tcn_f, tcn_r WHERE true ORDER BY p, x;
SELECT p, x, '[' || to_char(x::float4, p) || ']' AS float4_out FROM tcn_f, tcn_r WHERE abs(x) < 1e10 ORDER BY p, x;
SELECT p, x, '[' || to_char(x::int4, p) || ']' AS int4_out FROM tcn_f, tcn_r WHERE abs(x) < 1e9 ORDER BY p, x;
SELECT p, '[' || to_char(-9223372036854775808::int8, p) || ']' AS int8_out FROM tcn_f ORDER BY p;
SELECT to_char(123.456::float8, '999.999999999999999'), to_char(1.0/3, '9.99999999999999999999'), to_char('Infinity'::float8, '9.99');
SELECT to_char(485, 'RN'), to_char(1, 'FMRNth'), to_char(12, '99th'), to_char(11, '99TH'), to_char(22, 'FM99th'), to_char(103, 'FM999th');
SELECT to_char(1234.5, ''), to_char(5, 'x') IS NULL;
-- refused templates
SELECT to_char(5, '9.99EEEE9');
SELECT to_char(5, 'S9.99EEEE');
SELECT to_char(5, '9.9.9');
SELECT to_char(5, '9V9.9');
SELECT to_char(5, 'SS999');
SELECT to_char(5, 'S999MI');
SELECT to_char(5, '999PR9');
DROP TABLE tcn_v, tcn_f, tcn_r;
