create view av1 as select ARRAY[]::int[] as e, ARRAY[ARRAY[1],ARRAY[2]] as n, ARRAY[[1,2],[3,4]] as m;
select pg_get_viewdef('av1');
\d+ av1
select * from av1;
create view av2 as select ARRAY[]::text[] as t, ARRAY[ARRAY['a'],ARRAY['b']] as s, ARRAY[]::numeric[] as l;
select pg_get_viewdef('av2', true);
select * from av2;
create view av3 as select ARRAY[[1.5],[2.5]] as f;
select pg_get_viewdef('av3');
