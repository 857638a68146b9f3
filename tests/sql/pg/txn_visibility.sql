-- MVCC inside one session: a block sees its own uncommitted rows, a rolled-back block's rows
-- are gone, a failed statement's rows never appear, INSERT ... SELECT from the same table
-- does not read its own rows, a savepoint's rows vanish with ROLLBACK TO.
create table v(a int, b text);
insert into v values (1, 'one');
begin;
insert into v values (2, 'two');
select * from v order by a;
insert into v select a + 10, b from v;
select count(*), sum(a) from v;
rollback;
select * from v order by a;
insert into v select g, 'g' from generate_series(1, 3000) g where g < 2500 or 1 / (g - 2800) = 0;
select count(*) from v;
begin;
insert into v select g, 'big' from generate_series(1, 3000) g;
savepoint s;
insert into v values (-1, 'gone');
select count(*) from v where a < 0;
rollback to s;
select count(*), count(*) filter (where a < 0) from v;
commit;
select count(*) from v;
begin;
insert into v values (5000, 'x');
insert into v values (1 / 0, 'y');
commit;
select count(*) from v where a = 5000;
drop table v;
