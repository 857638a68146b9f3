-- date_bin(stride, source, origin) for timestamp, timestamptz and date, its errors; text ^@ text (starts_with)
select date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01'), date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01 00:02:30'), date_bin('1 day 2 hours', timestamptz '2020-02-11 15:44:17+00', timestamptz '2001-01-01');
select date_bin('1 hour', timestamp '2000-01-01 00:30', timestamp '2020-01-01'), date_bin('1 microsecond', timestamp '2000-01-01 00:30:00.5', timestamp '2020-01-01'), date_bin('1 hour', timestamp 'infinity', timestamp '2020-01-01');
select date_bin('1 hour', timestamp '2000-01-01', timestamp 'infinity');
select date_bin('1 month', timestamp '2000-01-01', timestamp '2000-01-01');
select date_bin('0 hour', timestamp '2000-01-01', timestamp '2000-01-01');
select date_bin('-1 hour', timestamp '2000-01-01', timestamp '2000-01-01');
select date_bin('1 hour', timestamp '294276-01-01', timestamp '4713-01-01 BC');
select date_bin('100000000 days', timestamp '2000-01-01', timestamp '2000-01-01');
select date_bin('1 hour', date '2000-01-01', date '1999-01-01'), pg_typeof(date_bin('1 hour', date '2000-01-01', date '1999-01-01'));
select date_bin('2 hours', '2020-02-11 15:44:17', '2001-01-01');
CREATE TABLE ev (t timestamp); INSERT INTO ev VALUES ('2024-03-01 10:07'), ('2024-03-01 10:14:59'), ('2024-03-01 10:15'), ('2024-03-01 09:59:59.999999'), (NULL);
SELECT date_bin('15 minutes', t, '2024-01-01') AS bin, count(*) FROM ev GROUP BY 1 ORDER BY 1;
select 'abc' ^@ 'a', 'abc' ^@ 'b', null ^@ 'a', 'x'::text ^@ 'x'::varchar;
select 1 ^@ 2;
select 'a' ^@ 1;
SELECT s, s ^@ 'ab', starts_with(s, '') FROM (VALUES ('abc'), ('xab'), (''), (NULL)) v(s) ORDER BY s;
