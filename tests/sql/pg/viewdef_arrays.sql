-- pg_get_viewdef of arrays: ARRAY[...] constructors, subscripts and slices, op ANY / ALL (array)
create table ct2(a int, t text, arr int[], tarr text[]);
insert into ct2 values (1, 'x', '{1,2,3}', '{x,y}'), (2, 'z', '{4,5}', '{z}');
create view w1 as select ARRAY['a', 'b'] AS s, ARRAY[a, 2] AS n, arr[2] + 1 AS p, arr[:2] AS q, arr[2:] AS r, arr[a:a + 1] AS u from ct2;
select pg_get_viewdef('w1');
select pg_get_viewdef('w1', true);
select * from w1 order by n;
create view w2 as select a from ct2 where t = any(tarr) and a <> all(arr) and 'x' = any(tarr) and a = any(array[1, 2]);
select pg_get_viewdef('w2');
select pg_get_viewdef('w2', true);
select * from w2;
create view w3 as select a, arr[1][2] as d from ct2 order by arr[1];
select pg_get_viewdef('w3');
drop table ct2 cascade;
