-- transaction blocks: BEGIN / START TRANSACTION with modes, COMMIT / END, ROLLBACK / ABORT,
-- SAVEPOINT / RELEASE / ROLLBACK TO, the warnings outside and inside a block, 25P02 after a
-- failed statement, 3B001, 25006 in a READ ONLY transaction, rolled-back rows invisible.
create table acc(id int, bal int);
insert into acc values (1, 100), (2, 100);
begin;
begin;
insert into acc values (3, 5);
select count(*) from acc;
rollback;
select count(*) from acc;
commit;
rollback;
savepoint a;
begin;
insert into acc values (4, 1);
savepoint s1;
insert into acc values (5, 1);
rollback to savepoint s1;
insert into acc values (6, 1);
release s1;
savepoint s2;
insert into acc values (7, 1/0);
select 1;
rollback to s2;
select id from acc order by id;
release savepoint nosuch;
select 1;
commit;
select id from acc order by id;
start transaction isolation level repeatable read, read only;
insert into acc values (9, 9);
rollback;
begin read only;
select count(*) from acc;
commit;
end;
abort;
drop table acc;
