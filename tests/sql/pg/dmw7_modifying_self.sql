-- A row a data-modifying WITH query changed, met again by the main UPDATE / DELETE reading
-- its RETURNING rows: changed by this command already, so skipped (PostgreSQL's TM_SelfModified)
create table t(id int primary key, v int);
insert into t values (1,1),(2,2);
with a as (update t set v = 5 where id = 1 returning *) update t set v = 6 from a where t.id = a.id returning t.*;
select * from t order by id;
with a as (delete from t where id = 2 returning *) update t set v = 7 where id in (select id from a) or id = 1 returning *;
select * from t order by id;
with a as (update t set v = 8 where id = 1 returning *) delete from t where id in (select id from a);
select * from t order by id;
