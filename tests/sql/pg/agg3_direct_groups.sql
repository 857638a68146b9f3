-- ordered-set aggregates whose direct arguments read the groups (evaluated once per group),
-- outer-query columns and subqueries; the errors PostgreSQL raises for them
create table agd3 (g int, x float8, y int, s text, d date);
insert into agd3 values (1, 1, 1, 'a', '2020-01-01'), (1, 2, 2, 'b', '2020-01-02'), (1, 3, 2, 'a', '2020-01-03'),
  (2, 10, 3, 'c', '2021-05-05'), (2, 20, 3, 'c', '2021-05-06'), (3, null, null, null, null), (4, 5, 1, 'z', '2022-02-02');
select g, percentile_cont(g / 4.0) within group (order by x),
       percentile_disc(array[0.1 * g, 0.5]) within group (order by x),
       mode() within group (order by s)
  from agd3 group by g order by g;
select g, percentile_disc(g / 5.0) within group (order by s), percentile_disc(g / 5.0) within group (order by d desc)
  from agd3 group by g order by g;
select g, percentile_cont(case when g = 3 then null else 0.5 end) within group (order by x) from agd3 group by g order by g;
select g, percentile_cont(case when g = 2 then null else array[0.5, 1] end) within group (order by x) from agd3 group by g order by g;
-- out of range only in groups that exist
select g, percentile_cont(g / 2.0) within group (order by x) from agd3 where g < 3 group by g order by g;
select g, percentile_cont(g / 2.0) within group (order by x) from agd3 group by g order by g;
select g, percentile_disc(array[0.5, g]) within group (order by x) from agd3 group by g order by g;
-- FILTER: the group still has its direct argument (and its range check)
select g, percentile_cont(0.5) within group (order by x) filter (where x > 100) from agd3 group by g order by g;
select g, percentile_cont(g * 0.2) within group (order by x) filter (where x > 2) from agd3 group by g order by g;
select g, percentile_cont(g * 1.0) within group (order by x) filter (where x > 100) from agd3 group by g order by g;
-- an expression of GROUP BY expressions
select g + 1, percentile_cont((g + 1) / 10.0) within group (order by x) from agd3 group by g + 1 order by 1;
select y % 2 as p, percentile_cont((y % 2) * 0.5 + 0.25) within group (order by x) from agd3 group by y % 2 order by 1;
select g, y, percentile_cont(y / 4.0) within group (order by x) from agd3 group by g, y order by g, y;
-- HAVING and ORDER BY
select g from agd3 group by g having percentile_cont(g / 8.0) within group (order by x) > 1 order by g;
select g, percentile_cont(g / 4.0) within group (order by x) as p from agd3 group by g order by p nulls first;
-- outer-query columns and subqueries
select (select percentile_cont(o.f) within group (order by x) from agd3) from (values (0.25), (0.5), (1)) o(f);
select o.f, (select percentile_disc(o.f) within group (order by s) from agd3 where s is not null)
  from (values (0.1), (0.9)) o(f) order by 1;
select percentile_cont((select 0.3)) within group (order by x) from agd3;
select g, percentile_cont((select max(y) / 10.0 from agd3)) within group (order by x) from agd3 group by g order by g;
select percentile_cont((select 0.3)) within group (order by x) from agd3 where false;
select g, percentile_cont((select 0.1 * agd3.g)) within group (order by x) from agd3 group by g order by g;
-- errors
select g, percentile_cont(y) within group (order by x) from agd3 group by g;
select percentile_cont(x) within group (order by x) from agd3;
select percentile_cont(g / 10.0) within group (order by x) from agd3 group by g + 1;
select g, percentile_cont(count(*)) within group (order by x) from agd3 group by g;
select (select percentile_cont(o.f) within group (order by o.f) from agd3) from (values (0.25), (0.5)) o(f);
select g, percentile_cont((select 0.1 * agd3.y)) within group (order by x) from agd3 group by g;
select percentile_cont(2 + g) within group (order by x) from agd3 group by g having false;
select percentile_cont(g) within group (order by x) from agd3 where g > 10 group by g;
-- parameters with grouped columns, a new value per execution
prepare agd3_q(float8) as select g, percentile_cont($1 * g) within group (order by x) from agd3 where g < 3 group by g order by g;
execute agd3_q(0.2);
execute agd3_q(0.5);
execute agd3_q(0.7);
-- many groups beyond work_mem: each group keeps its own fraction
set work_mem = '64kB';
select count(*), sum(p)::numeric(20, 6) from (
  select i % 4000 as k, percentile_cont((i % 4000 % 10) / 10.0) within group (order by i) p
  from generate_series(1, 40000) i group by i % 4000) s;
reset work_mem;
select count(*), sum(p)::numeric(20, 6) from (
  select i % 4000 as k, percentile_cont((i % 4000 % 10) / 10.0) within group (order by i) p
  from generate_series(1, 40000) i group by i % 4000) s;
