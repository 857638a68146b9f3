-- A data-modifying WITH query read only by another one runs when that one runs: after the main
-- statement when nothing else reads them, before it when the main statement reads the reader
create table t(id int primary key, v int);
create table log(id int, v int);
insert into t values (1, 0), (2, 0);
-- a read only by a WITH query that nothing reads: both run after the main UPDATE
with a as (update t set v = 1 where id = 1 returning *), b as (insert into log select * from a) update t set v = 2 where id = 1;
select * from t order by id;
select * from log order by id;
-- the main statement reads b, which reads a: a runs first
with a as (update t set v = 3 where id = 2 returning *), b as (insert into log select * from a returning *) update t set v = 4 where id in (select id from b);
select * from t order by id;
select * from log order by id;
-- a SELECT WITH query reading a data-modifying one
with a as (delete from log where id = 2 returning *), s as (select count(*) as n from a) select * from s;
select * from log order by id;
