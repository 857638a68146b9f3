-- IS [NOT] TRUE / FALSE / UNKNOWN: never NULL, unknown literals read as boolean, 42804 otherwise
select x, x is true, x is not true, x is false, x is not false, x is unknown, x is not unknown from (values (true), (false), (null::bool)) v(x) order by 1;
select 1 is true;
select 'yes' is true, 'f' is not false, null is unknown;
create table bt (a int, b bool);
insert into bt values (1, true), (2, false), (3, null);
select a from bt where b is not true order by a;
select a from bt where (a > 1) is true and b is unknown;
select count(*) filter (where b is not false) from bt;
select 'x' is true;
create table bt2 (a int, b bool check (b is not false));
create view bv as select a, b is true as t, (a > 1) is not unknown as u, not b is false as nf, b is not true and a = 1 as x from bt2 where b is unknown or a is not null;
\d+ bv
\d bt2
