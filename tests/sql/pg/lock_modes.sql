-- LOCK TABLE in each of PostgreSQL's modes (single session): every mode in a block, several
-- tables, NOWAIT, a transaction's own locks never conflict, its writes under its own lock,
-- and the errors
create table lm_a(id int primary key, v int);
create table lm_b(id int);
insert into lm_a values (1, 1);
lock table lm_a;
lock table lm_a in share mode;
begin;
lock table lm_a in access share mode;
lock table lm_a in row share mode;
lock table lm_a in row exclusive mode;
lock table lm_a in share update exclusive mode;
lock table lm_a in share mode;
lock table lm_a in share row exclusive mode;
lock table lm_a in exclusive mode;
lock table lm_a in access exclusive mode;
insert into lm_a values (2, 2);
update lm_a set v = v + 1;
select * from lm_a for update;
commit;
begin;
lock table lm_a, lm_b in share mode nowait;
lock lm_b in exclusive mode;
insert into lm_b values (1);
delete from lm_a where id = 2;
select * from lm_a order by id;
commit;
begin;
savepoint s1;
lock table lm_a in share row exclusive mode;
rollback to s1;
lock table only lm_a in row exclusive mode;
commit;
begin;
lock table lm_zz in share mode;
rollback;
select * from lm_a order by id;
drop table lm_a, lm_b;
