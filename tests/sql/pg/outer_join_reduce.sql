-- Outer joins a strict condition above makes narrower (PostgreSQL's reduce_outer_joins): the
-- answers, and the errors of conditions that then run below the join
create table a (id int, k int, t text);
create table b (id int, k int, u text);
insert into a values (1, 10, 'one'), (2, 20, 'two'), (3, null, 'three'), (4, 40, 'four');
insert into b values (100, 10, 'x'), (101, 10, 'y'), (102, 30, 'z'), (103, null, 'n');
select a.id, b.id from a left join b on a.k = b.k where b.u <> 'x' order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where b.id is not null order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where b.id is null order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where coalesce(b.u, 'none') <> 'x' order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where b.u = 'x' or a.id = 4 order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where b.u = 'x' or b.u = 'y' order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where not (b.u = 'x') order by 1, 2;
select a.id, b.id from a left join b on a.k = b.k where (b.u = 'x') is not true order by 1, 2;
select a.id, b.id from a full join b on a.k = b.k where a.id > 1 order by 1, 2;
select a.id, b.id from a full join b on a.k = b.k where b.id > 100 order by 1, 2;
select a.id, b.id from a full join b on a.k = b.k where a.id > 1 and b.id > 100 order by 1, 2;
select a.id, b.id, c.id from a left join b on a.k = b.k left join b c on c.id = b.id + 1 order by 1, 2, 3;
select a.id, b.id, c.id from a left join b on a.k = b.k join b c on c.id = b.id + 1 order by 1, 2, 3;
select a.id, s.id from a left join (select id, k, u || '!' as v from b) s on s.k = a.k where s.v like 'x%' order by 1, 2;
select count(*) from a left join b on a.k = b.k where upper(b.u) = 'Y';
create table t1 (a int4);
create table t2 (p int8 not null);
insert into t1 values (-2147483648);
insert into t2 values (1);
select true from t2 left join t1 on t2.p = t1.a where (1 != (- t1.a));
select true from t2 left join t1 on t2.p = t1.a where (1 != (- t1.a)) or t2.p = 1;
