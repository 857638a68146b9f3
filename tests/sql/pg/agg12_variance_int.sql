-- variance / stddev families over smallint, integer, bigint and numeric: numeric results
create table agg12_v (g int, a int2, b int4, c int8, d numeric);
insert into agg12_v values (1, 1, 10, 100, 1.5), (1, 2, 20, 200, 2.25), (1, 4, 40, 400, 3.125),
  (2, null, null, null, null), (2, 7, 70, 9223372036854775807, 0.001),
  (2, -7, -70, -9223372036854775807, 1000000.000001), (3, 5, 5, 5, 5), (3, 5, 5, 5, 5),
  (4, 9, 9, 9, 9);
select variance(a), var_samp(b), var_pop(c), stddev(d), stddev_samp(a), stddev_pop(b) from agg12_v;
select g, variance(a), variance(b), variance(c), variance(d) from agg12_v group by g order by g;
select g, var_pop(a), var_pop(b), var_pop(c), var_pop(d) from agg12_v group by g order by g;
select g, stddev(a), stddev(b), stddev(c), stddev(d) from agg12_v group by g order by g;
select g, stddev_pop(a), stddev_pop(b), stddev_pop(c), stddev_pop(d) from agg12_v group by g order by g;
select pg_typeof(variance(a)), pg_typeof(stddev(c)), pg_typeof(var_pop(d)) from agg12_v;
-- empty input, one row, all NULL
select variance(a), stddev_pop(c), var_pop(d) from agg12_v where false;
select variance(b), var_pop(b), stddev(b), stddev_pop(b) from agg12_v where g = 4;
select variance(a), var_pop(d) from agg12_v where g = 2 and a is null;
-- equal values give 0
select variance(d), stddev(d), var_pop(c) from agg12_v where g = 3;
-- NaN and infinities
select variance(x), stddev_pop(x) from (values ('NaN'::numeric), (1)) v(x);
select variance(x), stddev(x) from (values ('Infinity'::numeric), (1), (2)) v(x);
select var_pop(x) from (values ('-Infinity'::numeric), ('Infinity'::numeric)) v(x);
-- scales follow the inputs
select variance(x), stddev(x) from (values (1.123456789012345678901234567890), (2.5)) v(x);
select variance(x), stddev(x) from (values (0.00001), (0.00002), (0.00004)) v(x);
select variance(x), stddev(x) from generate_series(1, 1000) x;
select variance(x::int8 * 1000000000000), stddev_pop(x::numeric * 1e20) from generate_series(1, 50) x;
-- FILTER, DISTINCT, OVER
select variance(b) filter (where b > 10), stddev(distinct a) from agg12_v;
select x, variance(x) over (order by x), stddev_pop(x) over (order by x rows between 1 preceding and 1 following),
       var_samp(x::numeric) over (order by x rows between unbounded preceding and unbounded following)
from generate_series(1, 6) x;
select g, b, stddev(b) over (partition by g) from agg12_v order by g, b;
-- errors
select variance(x) from (values ('a'::text)) v(x);
select stddev_pop(true);
