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
-- without CASCADE in a block: the child dropped first, then its parent, rolled back
create table p (id int primary key);
create table ch (p_id int references p);
begin;
drop table ch;
drop table p;
rollback;
insert into p values (1);
insert into ch values (1);
select * from ch;
