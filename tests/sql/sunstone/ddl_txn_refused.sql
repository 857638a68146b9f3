-- DDL inside a transaction block that is not transactional yet is refused (0A000) and
-- fails the block: DROP SEQUENCE ... CASCADE that drops a column default
create table d (id serial, a int);
begin;
drop sequence d_id_seq cascade;
select 1;
rollback;
insert into d (a) values (1);
select * from d;
drop sequence d_id_seq cascade;
\d d
