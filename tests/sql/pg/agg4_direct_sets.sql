-- Direct arguments of ordered-set and hypothetical-set aggregates that read grouped columns,
-- with GROUPING SETS / ROLLUP / CUBE: each grouping set sees the groups it leaves out as NULL.
create table ds(g int, h int, x int);
insert into ds values (1,1,1),(1,2,2),(1,2,3),(2,1,5),(2,2,7),(2,null,null);
select g, rank(g) within group (order by x) from ds group by rollup(g) order by g;
select g, h, rank(g, h) within group (order by g, x), percentile_disc(coalesce(g, 0) / 4.0) within group (order by x),
       cume_dist(h) within group (order by x)
from ds group by cube(g, h) order by 1, 2, 3, 4, 5;
select g, h, percentile_cont(case when g is null then 0.0 else 1.0 end) within group (order by x), grouping(g, h)
from ds group by grouping sets ((g), (h), ()) order by 1, 2, 3, 4;
select g, rank(g) within group (order by x), rank(3) within group (order by x), mode() within group (order by h)
from ds group by grouping sets ((g), ()) having count(*) > 0 order by g;
select g, percentile_disc(g / 4.0) within group (order by x) from ds group by rollup(g) order by g;
select g, h, dense_rank(g + h) within group (order by x desc) from ds where false group by rollup(g, h);
select rank(g) within group (order by x) from ds group by grouping sets ((g, h), (h)) order by 1;
