-- INSERT under a WITH whose query has a WITH of its own: each keeps its RECURSIVE, and a
-- name of the inner one hides the outer one (the RETURNING sees only the outer one)
create table u(id int, v int);
with d as (select 1) insert into u with d as (select 2, 3) select * from d returning *;
with recursive d as (select 4) insert into u with e as (select 5, 6) select * from e returning *;
with d as (select 7 as x) insert into u with recursive e(a) as (select 1 union all select a+1 from e where a < 2) select a+10, x from e, d returning *;
with d as (select 8 as x) insert into u with d as (select x, x + 1 from d) select * from d returning *, (select x from d);
with d as (select 9 as x) insert into u with e as (select 1) values ((select x from d), (select count(*) from e)) returning *;
with d as (insert into u values (100, 100) returning *) insert into u with e as (select id + 1, v from d) select * from e returning *;
with d as (select '5') insert into u with e as (select '6') select * from d, e returning *;
with d as (select 1) insert into u with d as (select 2, 3), d as (select 4) select * from d;
with d as (select 1), d as (select 2) insert into u with e as (select 2, 3) select * from e;
select * from u order by id;
