-- the forms of ALTER TABLE Sunstone does not have yet are refused (0A000), naming the form;
-- in a block the refusal fails the block like any error
create table ar (a int, b int);
alter table ar add column c int;
alter table ar drop column b;
alter table ar alter column b set default 1;
alter table ar alter column b type bigint;
alter table ar add constraint ar_b check (b > 0);
alter table ar drop constraint ar_b;
alter table ar rename to ar2;
alter table ar rename column b to c;
alter index ar_idx rename to ar_idx2;
begin;
alter table ar alter column b set not null;
alter table ar add column c int;
select 1;
rollback;
\d ar
