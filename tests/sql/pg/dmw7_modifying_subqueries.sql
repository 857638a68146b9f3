-- Data-modifying WITH queries read twice by a UNION ALL, by correlated subqueries, by a LATERAL
-- subquery (a worktable scan on a LATERAL join's right side stays there), over several batches
create table t(id int primary key, v int);
insert into t select g, g * 10 from generate_series(1, 5) g;
with d as (delete from t where id <= 2 returning *) select * from d union all select * from d order by 1;
with d as (update t set v = v + 1 where id > 3 returning *) select t.id, (select d.v from d where d.id = t.id) from t order by 1;
with d as (update t set v = v + 1 where id > 3 returning *) select * from t, lateral (select * from d where d.id = t.id) x order by 1;
with d as (insert into t select g, 0 from generate_series(100, 2200) g returning id) select count(*), min(id), max(id) from d;
select count(*) from t;
with d as (delete from t where id >= 100 returning id) select count(*) from d where id % 2 = 0;
select count(*) from t;
