-- a set-returning function inside CASE or COALESCE in GROUP BY: PostgreSQL's placement error
create table t (a int);
insert into t values (1),(2);
select case when a > 0 then generate_series(1, 2) end from t group by 1;
select count(*) from t group by case when a > 0 then generate_series(1, 2) end;
select a from t group by a, case when a > 0 then generate_series(1, 2) end;
select coalesce(generate_series(1,2), 0) from t group by 1;
