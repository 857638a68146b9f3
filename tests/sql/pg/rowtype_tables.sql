-- Row types of tables and views: the type named like the relation (null::t, '(...)'::t,
-- ROW(...)::t), its input errors, casts, comparisons, field selection, whole-row references
-- (also of the sides of a JOIN USING and of its alias), pg_typeof.
create table t(a int, b text);
insert into t values (1,'x'),(2,null);
create view v as select a, b, a * 2 as c from t;
select null::t, null::v;
select '(1,x)'::t, '(1,"a b")'::t, ' ( 1 , x ) '::t, '(,)'::t, '(1,"")'::t;
select '(3,"q""r\\s")'::t;
select '(1,2,3)'::v;
-- malformed record literals
select '()'::t;
select '(1,x'::t;
select '1,x)'::t;
select '(1,x,3)'::t;
select '(1,x) j'::t;
select '(q,x)'::t;
select '(1,"x'::t;
-- casts of row constructors
select row(1,'x')::t, cast(row(2, 3) as t), row(4, null)::t;
select row(1)::t;
select row(1,2,3)::t;
select row(now(),'x')::t;
select 1::t;
select row(1,'x')::t::text;
select cast(row(1,'x')::t as t);
select null::t::v;
select '(1,x)'::t(3);
-- whole rows
select (t.*)::text, t::text, cast(t as t) from t order by a;
select pg_typeof(null::t), pg_typeof(row(1,'x')::t), pg_typeof('(1,2,3)'::v);
select pg_typeof(t) from t limit 1;
select t = row(1,'x')::t as eq, t < row(2,'a')::t as lt from t order by a;
select a from t where t = row(1,'x')::t;
select t from t order by t desc;
select t is null, t is not null from t order by a;
-- field selection
select (row(1,'x')::t).a, (null::t).b, ('(5,z)'::t).b, ('(1,2,3)'::v).c;
select (row(1,'x')::t).zz;
select (row(1,'x')).a;
select (1).a;
select (x).a, (x).b from (select row(3,'q')::t as x) s;
select (x).a from (select t as x from t) s order by 1;
select (t.*).a, (t.*).b from t order by 1;
select pg_typeof(x) from (select t as x from t limit 1) s;
-- whole rows in joins
create table u(a int, y text);
insert into u values (1,'r'),(3,'s');
select t, u from t join u using (a);
select j from t join u using (a) as j;
select j.a from t join u using (a) as j;
select s from (t join u using (a)) as s;
select t::text, pg_typeof(t) from t join u using (a);
select (t).b from t join u using (a);
select t from t join u on t.a = u.a;
select row_to_json(t) from t join u using (a);
-- a view that uses the row type depends on the table
create view vt as select (json_populate_record(null::t, '{"a":1}')).a, ('(2,z)'::t).b;
select * from vt;
drop table t;
drop view vt;
drop view v;
drop table u;
drop table t;
