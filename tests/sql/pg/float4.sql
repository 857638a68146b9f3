-- float4 (real): the type catalog's worked example.  Input and output like float4in /
-- float4out, boundaries and errors, operators and their cross-type forms, casts, mixed-type
-- resolution, aggregates, grouping, joins and the names real / float4 / float(p).
-- I/O: shortest round-trip output
select 1.1::real, 3.4028235e38::real, 1e-45::real, 0.1::real * 3;
select '  -1.5e3  '::real, real '2.5', float4(3), 'NaN'::real, ' -Infinity'::real, 'inf'::float4, '+INFINITY'::real;
select 100000::real, 1000000::real, 9999999::real, 0.00012345678::real, 0.0001::real, 0.00001::real;
select 1e-40::real, -0::real, 1.17549435e-38::real, 16777217::real, 3.4028234e38::real;
-- input errors
select '1e39'::real;
select '-1e39'::real;
select '1e-46'::real;
select 'abc'::real;
select ''::real;
select ' 1.5 x'::real;
-- names
select 1.5::float(10), 1.5::float(30), 0.1::float(24) + 0, 0.1::float(25) + 0;
select 1::float(0);
select 1::float(54);
create table f4 (a real, b float4, c float(3), d float(40), k int);
\d f4
insert into f4 values (1.5, 1, 1, 1, 1), ('2.25', 2.5, 0.1, 0.1, 2), (null, 3, 3, 3, 3), (1.5, 4e10, 4, 4, 4), (-0.5, 'nan', 5, 5, 5);
select * from f4 order by k;
-- operators: float4 with float4 stays real, with anything else goes to double precision
select 5::real / 2::real, 5::real / 2, 5 / 2::real, 1::real - 0.1::real, 0.1::real + 0.2::real, 0.1::real * 0.1::real;
select 0.1::real + 0, 0.1::real + 0::float8, 0.1::real + 0.0, 0.1::real + '0';
select 1.5::real < 2, 1.5::real = 1.5::float8, 0.1::real = 0.1::float8, 0.1::real = 0.1::real, 2::float8 >= 1.5::real, 1::real <> 1::real;
select 'NaN'::real = 'NaN'::real, 'NaN'::real > 1e38::real, 'NaN'::real < 'Infinity'::real;
select abs(-1.5::real), -(2.5::real), @(-3::real), +(4::real), sqrt(2::real), round(2.5::real);
select 3.4e38::real * 10, 3.4e38::real * 10::real;
select 3.4e38::real + 3.4e38::real;
select 1::real / 0;
select 1::real / 0::real;
select 1e-30::real * 1e-30::real;
select 1e-30::real / 1e30::real;
select 'Infinity'::real + 1::real, 'Infinity'::real * 0::real, 'NaN'::real / 0::real;
select 1::real % 2::real;
select 1::real @@ 1;
select 1::real + 'abc'::text;
select 1::real || 'x';
-- casts
select 1.5::real::int, 2.5::real::int, -2.5::real::int2, 1e10::real::int8, 1.5::float8::real, 12345.678::real::numeric;
select 1e10::real::int;
select 32767.5::real::int2;
select 1e300::float8::real;
select 1e-300::float8::real;
select 1::real::numeric(3,1), 12.34::real::numeric(4,1), 'NaN'::real::numeric, 1.5::numeric::real, 123456789.123::numeric::real;
select 123.456::real::numeric(2,0);
select cast(1.5::real as text), 1.25::real::varchar(3), '1.25'::text::real, 2::int8::real, 3::int2::real;
select true::real;
insert into f4 (a) values (1e300::float8);
insert into f4 (a, k) values (1.125::float8, 6), (7::int8, 7), ('8.5', 8), (9.25::numeric, 9);
select a, k from f4 where k > 5 order by k;
-- mixed-type resolution of CASE, COALESCE, UNION, VALUES, IN, BETWEEN
create table f4types as select 1::real + 1 as r_int, 1::real * 2::real as r_r, 1::real + 1.5 as r_num,
    1::real + 1::float8 as r_f8, 1::int2 - 1::real as i2_r, coalesce(1::real, 2) as coal,
    case when true then 1::real else 2.5 end as cse, -(1::real) as neg, abs(1::real) as ab;
\d f4types
select x from (values (1::real), (2.5), (3)) v(x) order by 1;
select 0.1::real as x union select 0.1::real order by 1;
select 0.1::real as x union all select 0.1::float8 order by 1;
select 1::real between 0 and 2.5, 1::real in (1, 2.5::float8), 0.1::real in (0.1, 0.2), 0.1::real in (0.1::real, 0.2);
select case when true then 1::real else 'x'::text end;
-- aggregates, grouping, ordering, DISTINCT, joins
select sum(a), avg(a), min(a), max(a), count(a), count(distinct a) from f4 where a is not null and a = a;
create table f4agg as select sum(a) as s, avg(a) as v, min(a) as mn, max(a) as mx from f4;
\d f4agg
select a, count(*) from f4 group by a order by a;
select distinct b from f4 order by b desc;
select a from f4 order by a desc nulls last, k;
select x.k, y.k from f4 x join f4 y on x.a = y.a order by 1, 2;
select x.k, y.k from f4 x join f4 y on x.a = y.b order by 1, 2;
select k from f4 where a > 1 and a < 3 order by k;
select k from f4 where b = 2.5 order by k;
select k, a * 2, a + k from f4 where k < 6 order by k;
drop table f4;
drop table f4types;
drop table f4agg;
-- sum(real) rounds every partial sum to float precision, as float4pl does
SELECT sum(x) FROM (SELECT 0.1::real FROM generate_series(1, 10)) v(x);
SELECT g, sum(x) FROM (SELECT i % 2, 0.1::real FROM generate_series(1, 20) i) v(g, x) GROUP BY g ORDER BY g;
SELECT sum(x) FROM (VALUES (3e38::real), (3e38::real)) v(x);
