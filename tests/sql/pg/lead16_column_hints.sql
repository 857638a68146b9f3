-- HINTs of "column does not exist": closest names by edit distance, as errorMissingColumn gives them
create table t (a int, bb int, abc int);
create table u (a int, bc int);
select tt.a from t;
select x.a from t;
select t.a from t x;
select ab from t;
select ab from t, u;
select bb from t, u;
select bc from t, u;
select * from t, (select t.a) s;
select * from t, lateral (select tt.a) s;
select * from t join u on t.a = u.a where uu.a = 1;
select abd from t;
select abc1 from t;
select t.abcd from t;
select u.abc from t, u;
alter table t rename column bb to abd;
select abe from t;
select abe from t, u;
select * from t where exists (select abx from u);
select * from u where exists (select abx from t);
select t.bc from t, u;
select * from (select abe from u) s, t;

select * from t x join u using (abc);
select q.abx from t q;
select * from (t join u on true) j where j.abx = 1;
select * from (t join u on true) j where abx = 1;
select * from (values (1,2)) v(abc, xyz) where xyy = 1;
with w as (select 1 as abc) select abx from w;
select cbd from t;
select äbc from t;
select * from t where exists (select 1 from u where u.abcd = 1);
select * from t t1, lateral (select t2.abx from t t2) s;
-- a char(n) default prints as bpchar, as format_type does with a typmod given
create table c (a char(3) default 'x', b varchar(5) default 'y', c char default 'q', d bpchar default 'zz');
\d c
