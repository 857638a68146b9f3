-- a WITH query read from several places (subqueries in expressions too) is computed once; one calling something volatile is never inlined
create sequence s;
WITH x AS (SELECT nextval('s') n) SELECT (SELECT n FROM x), (SELECT n FROM x);
WITH x AS (SELECT nextval('s') n) SELECT * FROM x a, x b;
WITH x AS (SELECT nextval('s') n) SELECT * FROM x WHERE n IN (SELECT n FROM x);
WITH x AS NOT MATERIALIZED (SELECT nextval('s') n) SELECT * FROM x a, x b;
WITH x AS (SELECT nextval('s') n) SELECT n FROM x;
create table t (a int); insert into t values (1),(2),(3);
with x as (select a, nextval('s') v from t) select a, (select v from x where x.a = t.a) = (select max(v) from x where x.a <= t.a) from t order by a;
with x as (select a, random() r from t) select count(distinct r) from (select r from x union all select r from x) u;
with x as (select a from t) select (select count(*) from x), (select max(a) from x);
select currval('s');
