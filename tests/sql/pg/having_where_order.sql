-- A HAVING condition without aggregates moved down to the WHERE is ordered with the WHERE's
-- own conditions by cost, as PostgreSQL orders them: the cheap one rejects the row before
-- the subquery that would fail runs
create table t1 (a text, d bool);
insert into t1 values ('héllo', false);
select 1 from t1 where (t1.d in (select (i.a)::boolean from t1 as i where (i.d = t1.d))) group by t1.d having t1.d order by 1;
select count(*) from t1 where (select (i.a)::boolean from t1 i where i.d = t1.d) group by t1.d having not t1.d is not false;
