-- Data-modifying WITH queries: one snapshot for every part of the statement, each WITH query
-- run once and to completion, and which change wins when two touch one row.
create table t(id int primary key, v int);
insert into t values (1,10),(2,20);
-- both read: the first one read changes the row, the other finds it changed and skips it
with a as (update t set v = v+1 where id=1 returning *), b as (update t set v = v+100 where id=1 returning *) select * from a, b;
select * from t order by id;
-- neither read: they run after the main query, the last one first
with a as (update t set v = 0 where id=1 returning *), b as (update t set v = -1 where id=1 returning *) select 1;
select * from t order by id;
-- the main UPDATE before a WITH query it does not read
with a as (update t set v = 5 where id=1 returning *) update t set v = 6 where id = 1 returning *;
select * from t order by id;
-- LIMIT 0 and WHERE false still run it all
with a as (update t set v = 7 where id=1 returning *) select * from a limit 0;
with a as (update t set v = v + 1 returning *) select * from a where false;
with a as (delete from t returning *) select * from a limit 1;
select * from t order by id;
insert into t values (1,10),(2,20),(3,30);
-- a unique violation between a WITH query and the main INSERT
with a as (insert into t values (4,40) returning *) insert into t values (4,41);
select * from t order by id;
-- the main query does not see the inserted row
with a as (insert into t values (4,40)) select * from t order by id;
select * from t order by id;
-- RECURSIVE with a data-modifying query that does not refer to itself
with recursive a as (delete from t where id=4 returning *) select * from a;
-- the RETURNING rows with an aggregate, a join and a subquery
with a as (insert into t values (9,9) returning *) select * from t order by id;
with a as (delete from t where id = 9 returning *) insert into t select id+1, v from a returning *;
with a as (update t set v = -v where id < 3 returning id, v) select sum(v), (select count(*) from a), (select max(t.v) from t) from a;
select * from t order by id;
-- the command tags of the main statement
with a as (delete from t where id = 10 returning *) update t set v = 0 where id in (select id from a);
with a as (insert into t values (11, 11) returning *) delete from t where id in (select id + 1 from a);
select * from t order by id;
