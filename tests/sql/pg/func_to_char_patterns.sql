-- to_char / to_number templates: keywords only in all upper or all lower case, B C SP (nothing), literal text, sign and roman patterns
SELECT '[' || to_char(2, 'abc,def') || ']', '[' || to_char(12, 'abc,def') || ']', '[' || to_char(2, '9abc,def') || ']', '[' || to_char(-12.5, 'abc,d') || ']';
SELECT '[' || to_char(1234, 'Fm9') || ']', '[' || to_char(1234, '9Mi') || ']', '[' || to_char(-1, '9pR') || ']', '[' || to_char(1234, 'rN') || ']', '[' || to_char(1234, '9Sg') || ']', '[' || to_char(-1, '9Th') || ']';
SELECT '[' || to_char(1234, '9.9eEEE') || ']', '[' || to_char(1234, '9.9eeee') || ']', '[' || to_char(1234, 'C9') || ']', '[' || to_char(1234, 'SP9') || ']', '[' || to_char(-1, 'Sp9') || ']', '[' || to_char(-1, 'sP9') || ']';
SELECT '[' || to_char(2, 'b') || ']', '[' || to_char(2, 'e') || ']', '[' || to_char(2, 'd') || ']', '[' || to_char(-12.5, 'd') || ']', '[' || to_char(2, 'FMd') || ']', '[' || to_char(2, 'E9') || ']', '[' || to_char(2, ',9') || ']';
SELECT to_char(12345.678, '99,999.99'), to_char(-12.3, 'S999.9'), to_char(-12.3, '999.9PR'), to_char(-12.3, '999.9MI'), to_char(12.3, '999.9PL'), to_char(-12.3, 'SG999.9');
SELECT to_char(485, 'RN'), to_char(3, 'FMRN'), to_char(3999, 'rn'), to_char(21, '99TH'), to_char(22, '99th'), to_char(113, 'FM999th'), to_char(-1, '9TH');
SELECT to_char(12345.678, '9.99EEEE'), to_char(0.00012, '9.9EEEE'), to_char(-5e10::float8, '9.99EEEE'), to_char(12.34, '99V99'), to_char(12.3, 'L99.9'), to_char(1234.5, '9G999D9');
SELECT to_char(0.1, 'FM9.99'), to_char(-0.1, 'FM9.99'), to_char(1234, '0000009'), to_char(12, 'FM00009'), to_char(0, '9.99'), to_char(0, 'FM9.9'), to_char(1.5, 'FM0.00');
SELECT to_char(1234567, '9,999,999'), to_char(-1234567, 'FM9G999G999'), to_char(123, '999"abc"'), to_char(123, '"x\"y"999'), to_char(99.999, '99.99'), to_char(123456, '999');
SELECT to_char(12::int8, '9999V99'), to_char(1.5::float4, '99V9'), to_char(-0.5::numeric, 'S9.9'), to_char(5, 'S9'), to_char(5, '9S'), to_char(-5, 'MI9'), to_char(5, 'PL9');
SELECT to_number('12,454.8-', '99G999D9S'), to_number('1234', '99V99'), to_number('-12.3', 'S99.9'), to_number('<12.3>', '99.9PR'), to_number('$12.30', 'L99.99'), to_number('12th', '99th');
SELECT to_number('12.3-', '99.9MI'), to_number('+12.3', 'PL99.9'), to_number('1,234,567', '9,999,999'), to_number('  42', '9999'), to_number('5 apples', '9'), to_number('1.2345', '9.99');
SELECT to_char(1, '9.9V9');
SELECT to_char(1, '99PR9');
SELECT to_char(1, 'S9S');
SELECT to_char(1, '9EEEEPR');
SELECT '[' || to_char(12.345, 'FM000.99th') || ']', '[' || to_char(1, '9.99th') || ']', '[' || to_char(-0.004::float4, 'SD9990') || ']', '[' || to_char(0.5, '9D0') || ']', '[' || to_char(-0.5, 'FM9.990PR "u"') || ']', '[' || to_char(1, '0TH"x"PR') || ']', '[' || to_char(-1, '9PRPR') || ']';
SELECT '[' || to_char(99999, '9EEEE') || ']', '[' || to_char(4000, 'EEEE"x"') || ']', '[' || to_char(-0.5, 'EEEE') || ']', '[' || to_char(99999::int8, '9.9EEEE') || ']', '[' || to_char('NaN'::numeric, '9.99EEEE') || ']', '[' || to_char(-0.0::float8, '9.9EEEE') || ']', '[' || to_char(99999, 'th0BEEEE') || ']';
SELECT to_char(1, 'FMth');
SELECT to_char(1, 'BEEEE');
SELECT to_char(1, 'FM9.9EEEE');
SELECT to_char(1, '9FMDEEEE9');
SELECT t, v, '[' || to_char(v, t) || ']' AS r
FROM (VALUES (0), (1), (-1), (12.345), (-0.5), (0.0001), (1234.5678), (-987.65), (9.995), (123456789)) vs(v),
     (VALUES ('9999'), ('FM9999'), ('0000'), ('9,999.99'), ('FM9G999D00'), ('S9999.9'), ('9999.9S'), ('SD99'), ('MI99.99'), ('99.99MI'), ('PL999'), ('SG9.9'), ('99.9PR'), ('FM99.9PR'), ('L99.9'), ('99th'), ('09.0'), ('9.0900'), ('99V99'), ('9.99EEEE'), ('FMRN'), ('999 "units"')) ts(t)
ORDER BY t, v;
SELECT '[' || to_char(-0.004::float4, 'FM009V99S') || ']', '[' || to_char(0.5, '999V9S') || ']', '[' || to_char(-7::int2, '900V9S') || ']', '[' || to_char(12::int8, 'FM90V9S') || ']', '[' || to_char(-1, '99V0S') || ']', '[' || to_char(12.345, '9V999S') || ']';
