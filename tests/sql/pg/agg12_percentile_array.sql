-- percentile_cont / percentile_disc with an array of fractions: an array of results in the
-- fractions' shape (NULL fractions give NULL items; no rows give NULL)
create table agg12_pa (g int, x float8, i int2, t text);
insert into agg12_pa values (1, 1, 1, 'a'), (1, 2, 2, 'b'), (1, 4, 4, 'c'), (2, 10, 10, 'x'),
  (2, null, null, null), (2, 30, 30, 'z'), (3, null, null, null);
select percentile_cont(array[0.25, 0.5, 1]) within group (order by x),
       percentile_disc(array[0.1, null, 0.9]) within group (order by x) from agg12_pa;
select percentile_disc(array[0.5, 0]) within group (order by t),
       percentile_disc(array[0.5, 1]) within group (order by i desc) from agg12_pa;
select g, percentile_cont(array[[0.5, 0.25], [0, 1]]) within group (order by x),
       percentile_disc(array[0.5, 0.99]) within group (order by t) from agg12_pa group by g order by g;
select percentile_cont('[0:1]={0.5,1}'::float8[]) within group (order by x) from agg12_pa;
select percentile_cont(array[0.5]) within group (order by x) from agg12_pa where false;
select percentile_cont(null::float8[]) within group (order by x) from agg12_pa;
select percentile_cont(array[]::float8[]) within group (order by x) from agg12_pa;
select percentile_cont(array[null]::float8[]) within group (order by x) from agg12_pa;
select pg_typeof(percentile_cont(array[0.5]) within group (order by x)),
       pg_typeof(percentile_disc(array[0.5]) within group (order by i)),
       pg_typeof(percentile_disc(array[0.5]) within group (order by t)) from agg12_pa;
select percentile_cont(array[1, 0]::int[]) within group (order by x) from agg12_pa;
prepare agg12_pa_p(float8[]) as select percentile_disc($1) within group (order by x) from agg12_pa;
execute agg12_pa_p(array[0.3, 0.6]);
execute agg12_pa_p(null);
deallocate all;
-- errors
select percentile_cont(array[0.5, 2]) within group (order by x) from agg12_pa;
select percentile_disc(array[-1]) within group (order by x) from agg12_pa;
select percentile_cont(array[0.5, 2]) within group (order by x) from agg12_pa where false;
select percentile_cont(array['a']) within group (order by x) from agg12_pa;
select mode(array[0.5]) within group (order by x) from agg12_pa;
