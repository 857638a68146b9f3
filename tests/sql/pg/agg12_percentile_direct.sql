-- ordered-set aggregates whose direct arguments are not literal constants: parameters,
-- expressions over constants and parameters (evaluated once per execution)
create table agg12_p (g int, x float8, t text);
insert into agg12_p values (1, 1, 'a'), (1, 2, 'b'), (1, 4, 'c'), (2, 10, 'x'), (2, null, null),
  (2, 30, 'z'), (3, null, null);
select percentile_cont(0.25 + 0.25) within group (order by x), percentile_disc(1.0 / 4) within group (order by x) from agg12_p;
select percentile_cont(sqrt(0.25)) within group (order by x), percentile_disc(abs(-0.75)) within group (order by t) from agg12_p;
prepare agg12_a(float8) as
  select percentile_cont($1) within group (order by x), percentile_disc($1) within group (order by x),
         percentile_disc($1) within group (order by t desc)
  from agg12_p;
execute agg12_a(0.5);
execute agg12_a(0.1);
execute agg12_a(0);
execute agg12_a(1);
execute agg12_a(null);
execute agg12_a(2);
execute agg12_a(-0.01);
execute agg12_a(0.75);
prepare agg12_b(numeric) as
  select g, percentile_cont($1 / 2) within group (order by x), percentile_disc($1) within group (order by x desc),
         count(*)
  from agg12_p group by g order by g;
execute agg12_b(0.5);
execute agg12_b(1);
execute agg12_b(null);
execute agg12_b(3);
prepare agg12_c(float8) as
  select percentile_cont($1) within group (order by x) from agg12_p where false;
execute agg12_c(0.5);
execute agg12_c(5);
prepare agg12_d(float8, float8) as
  select percentile_cont($1 * $2) within group (order by x), percentile_cont(coalesce($1, $2)) within group (order by x)
  from agg12_p;
execute agg12_d(0.5, 0.5);
execute agg12_d(null, 0.25);
deallocate all;
