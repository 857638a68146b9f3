-- DDL inside a transaction block is refused (0A000) until the catalog can undo it: the
-- block fails, its rows are rolled back, and the same DDL works outside a block.
create table d(a int);
begin;
insert into d values (1);
create table d2(a int);
select 1;
commit;
select count(*) from d;
begin;
drop table d;
rollback;
drop table d;
