create table a(id int primary key, v text);
create table b(id int primary key, v text);
create table log(n int, what text);
insert into a values (1,'x'),(2,'y'),(3,'z');
-- moving rows
with moved as (delete from a where id <= 2 returning *) insert into b select * from moved;
select * from a order by id;
select * from b order by id;
-- several references, and a CTE reading another
with d as (delete from b where id = 1 returning *),
     i as (insert into log select id, 'deleted ' || v from d returning *)
select (select count(*) from d) as dn, (select count(*) from i) as inn, d.*, i.* from d, i;
select * from log order by n;
select * from b order by id;
-- main RETURNING reads the CTE
with u as (update a set v = v || '!' returning id)
update b set v = v || '?' returning id, (select count(*) from u) as updated_in_a;
select * from a order by id;
select * from b order by id;
-- no RETURNING, not read, still runs
with x as (insert into log values (10, 'ten')) select 42;
select * from log order by n;
-- main query does not see the changes
with x as (insert into log values (11, 'eleven') returning *) select count(*) from log;
with x as (delete from log returning *) select count(*) from log;
select count(*) from log;
-- statement atomicity: the failure undoes every CTE
insert into log values (1, 'one');
with x as (delete from log returning *), y as (insert into a values (3, 'dup') returning *) select * from x, y;
select * from log order by n;
begin;
savepoint s;
with x as (delete from log returning *) insert into a values (3, 'dup');
rollback to s;
select * from log order by n;
with x as (delete from log returning *) select count(*) from x;
rollback;
select * from log order by n;
-- parameters
prepare p(int) as with d as (update a set v = 'p' where id = $1 returning *) select * from d;
execute p(3);
execute p(3);
select * from a order by id;
deallocate p;
-- column aliases
with d(i, w) as (update a set v = 'q' returning *) select i, w from d order by i;
with d(i, w, extra) as (update a set v = 'q' returning *) select 1;
-- upsert in WITH
with u as (insert into a values (3, 'new'), (4, 'four') on conflict (id) do update set v = excluded.v returning *) select * from u order by id;
select * from a order by id;
-- update from a data-modifying CTE
with d as (delete from a where id = 4 returning *) update b set v = d.v from d where b.id = 2 returning b.*, d.id;
select * from b order by id;
-- forward reference
with d as (insert into log select * from e returning *), e as (select 5, 'five') select * from d;
-- read only
begin read only;
with d as (delete from log returning *) select 1;
rollback;
-- ordering of two updates of one row that nothing reads
with a1 as (update a set v = 'first' where id = 3 returning *), a2 as (update a set v = 'second' where id = 3 returning *) select 1;
select * from a order by id;
with a1 as (update a set v = 'cte' where id = 3 returning *) update a set v = 'main' where id = 3;
select * from a order by id;
with a1 as (update a set v = 'cte2' where id = 3 returning *) update a set v = 'main2' where id in (select id from a1);
select * from a order by id;
-- DELETE count tag and UPDATE count tag
with d as (insert into log values (7, 'seven'), (8, 'eight') returning *) delete from log where n in (select n from d);
with d as (insert into log values (7, 'seven'), (8, 'eight') returning *) delete from log;
select * from log order by n;
