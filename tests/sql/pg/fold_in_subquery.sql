-- A constant that fails to fold raises at planning, as PostgreSQL's eval_const_expressions,
-- also inside a subquery of an expression (found by tests/difftest, seed 1212).
create table e (a int);
select 1/0 from e;
select (select 1/0 from e);
select ('nan'::float8)::integer from e;
select (select ('nan'::float8)::integer from e);
select case when a > 0 then 1/0 else 1 end from e;
select * from e where a = 1/0;
drop table e;
create table e2 (a int);
select a from e2 where exists (select 1/0);
select a, (select 2^10000 from e2) from e2;
select (select case when false then 1/0 else 2 end);
drop table e2;
