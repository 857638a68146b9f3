create table da (x int, y text, z numeric);
create view dv1 as select string_agg(y, ',' order by y) filter (where x > 0) as s, array_agg(distinct x) as d, json_agg(y order by x desc) as j from da;
select pg_get_viewdef('dv1');
create view dv2 as select x, array_agg(z order by z desc nulls last, y) as zs, jsonb_agg(distinct y order by y) as js, count(*) filter (where z is not null) as c from da group by x;
select pg_get_viewdef('dv2');
\d+ dv2
create view dv3 as select string_agg(distinct y, '-') as s, array_agg(x + 1 order by x + 1) as a from da;
select pg_get_viewdef('dv3');
create view dv4 as select sum(x order by y) as s, max(y order by x) from da;
select pg_get_viewdef('dv4', true);
select * from dv1;
insert into da values (1, 'b', 2.5), (2, 'a', null), (-1, 'c', 1);
select * from dv1;
select * from dv2 order by x;
