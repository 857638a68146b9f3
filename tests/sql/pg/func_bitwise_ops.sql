-- integer bitwise operators & | # << >> ~ and the prefix operators @ |/ ||/
select ~ 5, 5 & 3, 5 | 3, 5 # 3, 1 << 4, 16 >> 2, @ -2147483648::int8, -8 >> 1, 1 << 31, 1 << 32, 1::int8 << 63, 1::int8 << 64, 3::int2 << 15, ~ 0::int2, pg_typeof(1::int2 & 1::int2), pg_typeof(1::int2 << 1);
select 5::int8 & 3, 6 & 3::int2, pg_typeof(6 & 3::int2), 12 | '3', '12' # 5, 5 >> -1, -1::int8 >> 70;
select 1 & 1.5;
select '1' & '2';
select ~ 'a'::text;
select b'101' & b'011', ~ b'101', b'1' << 2;
CREATE TABLE bw (a int, b bigint);
INSERT INTO bw VALUES (12, 10), (255, -1), (NULL, 3);
SELECT a, b, a & b, a | b, a # b, ~ a, a << 2, b >> 1, (a & 1) = 0 FROM bw ORDER BY a;
SELECT count(*) FROM bw WHERE a & 4 = 4;
select @ -5, @ -2.5, @ -1.5::float8, |/ 25, ||/ 27, |/ 16.0, @ 'x'::text;
select |/ 'a'::text;
select ~ 5, 5 & 3, 5 | 3, 5 # 3, 1 << 4, 16 >> 2, @ -2147483648::int8;
select @ -2147483648;
