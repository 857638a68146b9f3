-- pg_size_pretty(bigint | numeric) and pg_size_bytes(text): units, rounding, errors
select pg_size_pretty(10239::bigint), pg_size_pretty(10240::bigint), pg_size_pretty(-10240::bigint), pg_size_pretty(20971007::bigint), pg_size_pretty(9223372036854775807::bigint), pg_size_pretty(-9223372036854775808::bigint), pg_size_pretty(1099511627776000::bigint);
select pg_size_pretty(10239.9::numeric), pg_size_pretty(10240.5::numeric), pg_size_pretty(-123456789.5::numeric), pg_size_pretty(1e30::numeric), pg_size_pretty('NaN'::numeric);
select pg_size_bytes('1'), pg_size_bytes(' 1 kb'), pg_size_bytes('1.5MB'), pg_size_bytes('-2 GB'), pg_size_bytes('1e3 bytes'), pg_size_bytes('.5 TB'), pg_size_bytes('+1PB'), pg_size_bytes('1 Bytes'), pg_size_bytes('0.0001 kB');
select pg_size_bytes('1 B');
select pg_size_bytes('abc');
select pg_size_bytes('1 XB');
select pg_size_bytes('1.5.');
select pg_size_bytes('1 k B');
select pg_size_bytes('');
select pg_size_bytes('1e100 PB');
select pg_size_bytes('1e');
select pg_size_bytes('1 kB  ');
select pg_size_pretty(1);
SELECT pg_size_pretty(1.0), pg_typeof(pg_size_pretty(1::int8)), pg_size_pretty(NULL::int8) IS NULL, pg_size_bytes(NULL) IS NULL;
CREATE TABLE sz (b bigint); INSERT INTO sz VALUES (0), (1023), (10240), (1048576), (5368709120), (NULL), (-5000000);
SELECT b, pg_size_pretty(b), pg_size_pretty(b::numeric), pg_size_bytes(pg_size_pretty(b)) FROM sz ORDER BY b;
