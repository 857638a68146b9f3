-- Data-modifying WITH queries: with FOR UPDATE, VALUES and TABLE as the main query, a WITH
-- of their own, read by a query and its RETURNING, replacing a key, ON CONFLICT, self-joins
create table t(id int primary key, v text);
insert into t values (1,'a'),(2,'b'),(3,'c');
with a as (delete from t where id = 3 returning *) select * from a for update;
select * from t order by id;
with a as (with x as (select 1 as i) delete from t where id in (select i from x) returning *) select * from a;
with d as (delete from t returning *) values (1);
select * from t order by id;
insert into t values (1,'a'),(2,'b'),(3,'c');
with d as (delete from t where id = 1 returning id) update t set v = 'x' where id in (select id + 1 from d) returning *, (select count(*) from d);
with d as (delete from t where id = 2 returning *) table d;
select * from t order by id;
with d as (delete from t where id = 3) insert into t values (3, 'new');
with d as (delete from t where id = 3 returning *) insert into t select id, 'new' from d;
select * from t order by id;
with i as (insert into t values (3, 'dup'), (4, 'd') on conflict do nothing returning *) select * from i;
with u as (update t set v = v || '1' where id = 4 returning *), u2 as (update t set v = v || '2' where id = 4 returning *) select (select v from u), (select v from u2);
select * from t order by id;
with p as (select 4 as k), u as (update t set v = 'p' where id in (select k from p) returning *) select * from u;
with u as (update t set v = 1/0 where id = 4 returning *) select 1;
with u as (update t set v = 'z' where id = 4 returning *) select * from u, u as u2;
select * from t order by id;
