-- Hypothetical-set aggregates (rank, dense_rank, percent_rank, cume_dist WITHIN GROUP):
-- several direct arguments against several ORDER BY keys, ASC / DESC / NULLS FIRST / LAST,
-- type resolution of direct arguments against the keys, grouped and ungrouped, direct
-- arguments per group, empty groups and PostgreSQL's errors.
create table h(g int, x int, y text, n numeric, f float8, d date, b boolean);
insert into h values
  (1, 1, 'a', 1.5, 1, '2024-01-01', true),
  (1, 2, 'b', 2.5, 'NaN', '2024-01-02', false),
  (1, 2, 'c', null, 2, '2024-01-02', null),
  (1, null, 'd', 3, null, null, true),
  (1, 4, 'b', 1.50, 4, '2024-01-05', false),
  (2, 5, 'e', 1, 5, '2024-02-01', true),
  (2, 7, null, 2, 'Infinity', '2024-02-02', false),
  (2, 7, 'f', 2.00, 7, '2024-02-02', true),
  (3, null, null, null, null, null, null);
-- ungrouped
select rank(2) within group (order by x), dense_rank(2) within group (order by x),
       percent_rank(2) within group (order by x), cume_dist(2) within group (order by x) from h;
select rank(7) within group (order by x), dense_rank(7) within group (order by x),
       percent_rank(7) within group (order by x), cume_dist(7) within group (order by x) from h;
select rank(0) within group (order by x), rank(100) within group (order by x),
       cume_dist(100) within group (order by x), dense_rank(100) within group (order by x) from h;
-- directions and NULLs
select rank(2) within group (order by x desc), rank(2) within group (order by x nulls first),
       rank(2) within group (order by x desc nulls last), cume_dist(2) within group (order by x desc) from h;
select rank(null) within group (order by x), rank(null) within group (order by x nulls first),
       rank(null) within group (order by x desc), rank(null) within group (order by x desc nulls last),
       dense_rank(null) within group (order by x), cume_dist(null) within group (order by x) from h;
select rank(null::int) within group (order by x), percent_rank(null) within group (order by x) from h;
-- two keys
select rank(2, 'b') within group (order by x, y), rank(2, 'b') within group (order by x desc, y),
       rank(2, 'b') within group (order by x, y desc), dense_rank(2, 'c') within group (order by x, y),
       cume_dist(2, 'b') within group (order by x, y), percent_rank(7, null) within group (order by x, y) from h;
select rank(7, null) within group (order by x, y nulls first), dense_rank(7, 'z') within group (order by x, y) from h;
-- types: the direct argument and its key resolved to a common type
select rank(3) within group (order by n), rank(3.5) within group (order by x), rank(1.5) within group (order by n),
       dense_rank(1.5) within group (order by n), rank(2.5::float8) within group (order by n) from h;
select rank('b') within group (order by y), dense_rank('b') within group (order by y),
       rank('2024-01-02') within group (order by d), dense_rank(date '2024-02-01') within group (order by d) from h;
select rank(1::bigint) within group (order by x::int2), rank(3) within group (order by f),
       rank('NaN') within group (order by f), dense_rank('Infinity'::float8) within group (order by f),
       cume_dist('NaN') within group (order by f) from h;
select rank(true) within group (order by b), dense_rank(false) within group (order by b desc) from h;
select rank('a') within group (order by 'b'), rank(x) within group (order by x) from (values (1)) v(x) group by x;
select pg_typeof(rank(3) within group (order by x)), pg_typeof(dense_rank(3) within group (order by x)),
       pg_typeof(percent_rank(3) within group (order by x)), pg_typeof(cume_dist(3) within group (order by x)) from h;
-- grouped, and direct arguments per group
select g, rank(2) within group (order by x), dense_rank(2) within group (order by x),
       percent_rank(2) within group (order by x), cume_dist(2) within group (order by x) from h group by g order by g;
select g, rank(g * 2) within group (order by x), dense_rank(g, 'b') within group (order by x, y),
       cume_dist(g + 3) within group (order by x desc) from h group by g order by g;
select g, rank(4) within group (order by x) filter (where y <> 'b'), count(*) from h group by g order by g;
select g, (select rank(h.g) within group (order by v) from (values (1), (2), (3)) s(v)) from h group by g order by g;
-- empty input
select rank(1) within group (order by x), dense_rank(1) within group (order by x),
       percent_rank(1) within group (order by x), cume_dist(1) within group (order by x) from h where false;
select g, rank(1) within group (order by x) from h where false group by g;
-- errors
select rank(1, 2) within group (order by x) from h;
select rank(1) within group (order by x, y) from h;
select rank() within group (order by x) from h;
select dense_rank(1, 2, 3) within group (order by x) from h;
select rank(1) from h;
select cume_dist(1, 2) from h;
select rank() from h;
select rank(x) over (order by x) from h;
select rank(1) within group (order by x) over () from h;
select rank('x') within group (order by x) from h;
select rank(1) within group (order by y) from h;
select percent_rank(2) within group (order by d) from h;
select rank(x) within group (order by x) from h;
select g, rank(x) within group (order by x) from h group by g;
-- the window functions of the same names are unchanged
select x, rank() over (order by x), dense_rank() over (order by x), cume_dist() over (order by x)
from h where g = 1 order by x, y;
