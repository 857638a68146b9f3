-- the forms of ALTER TABLE Sunstone does not have yet are refused (0A000), naming the form;
-- in a block the refusal fails the block like any error, and nothing of it stays
create table ar (a int primary key, b int);
create table ar_ref (x int references ar);
alter table ar add foreign key (b) references ar not valid;
alter table ar add column c int references ar;
alter table ar add column c serial;
alter table ar add column c int generated always as identity;
alter table ar alter column b set statistics 10;
alter table ar drop column b;
alter table ar alter column b type bigint;
alter table ar_ref drop constraint ar_ref_x_fkey;
alter table ar drop constraint ar_pkey;
drop table ar_ref;
create view ar_v as select b, count(*) from ar group by rollup (b);
alter table ar rename column b to c;
alter table ar rename to ar2;
drop view ar_v;
begin;
alter table ar alter column b set not null;
alter table ar add column c int references ar;
select 1;
rollback;
\d ar
drop table ar;
