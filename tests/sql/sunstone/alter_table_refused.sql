-- the forms of ALTER TABLE Sunstone does not have yet are refused (0A000), naming the form;
-- in a block the refusal fails the block like any error, and nothing of it stays
create table ar (a int primary key, b int);
create table ar_ref (x int references ar);
alter table ar alter column b set statistics 10;
drop table ar_ref;
create view ar_v as select u.x from ar, unnest(array[ar.b], array[ar.a]) as u(x, y);
alter table ar rename column b to c;
alter table ar rename to ar2;
drop view ar_v;
begin;
alter table ar alter column b set not null;
alter table ar alter column b set statistics 10;
select 1;
rollback;
\d ar
drop table ar;
