-- CREATE TABLE ... AS [WITH [NO] DATA], IF NOT EXISTS, SELECT ... INTO [TABLE]: columns, types, tags, errors
create table src (a int, b text, c int not null);
insert into src values (1,'x',10),(2,'y',20),(3,null,30);
create table t1 as select * from src;
select * from t1;
\d t1
create table t2 (p, q) as select a, b from src where a > 1;
select * from t2;
create table t3 as select a, b from src with no data;
select * from t3;
create table t4 as select a from src with data;
create table if not exists t1 as select 1;
create table t1 as select 1;
select a, b into t5 from src where a = 1;
select * from t5;
select a into table t6 from src;
create table t7 (x, y, z, w) as select a, b from src;
create table t8 (x) as select a, b from src;
\d t8
create table t9 as select 'lit' as l, 1 + 1, sum(a) from src;
\d t9
create table t10 as select a, a from src;
create table t11 as select 1 as a union all select 2;
select * from t11;
create table t12 as with x as (select 5 as v) select * from x;
select * from t12;
create table t13 as select a from nosuch;
create table t14 as select 1 as a;
select 1 as a into t14;
create table t15 as select null as n;
\d t15
create table t16 as values (1, 'a'), (2, 'b');
select * from t16;
create view v1 as select 1 as a;
create table v1 as select 1;
create table if not exists v1 as select 1;
create table t17 as select * from src where false;
select count(*) from t17;
-- a failing query leaves no table
create table t19 as select 1 / (a - 1) from src;
select * from t19;
-- a recursive WITH fills a table
create table t20 as with recursive s(i) as (select 1 union all select i + 1 from s where i < 1500) select i, i * 2 as j from s;
select count(*), sum(j) from t20;
\d t20
-- a view over a table made by SELECT INTO
select a + c as s into t21 from src;
create view v2 as select s from t21;
select * from v2 order by s;
