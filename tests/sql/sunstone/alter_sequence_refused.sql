-- sequences are outside transactions here: ALTER SEQUENCE and an identity column's RESTART /
-- SET <option> are refused inside a transaction block (PostgreSQL would roll them back),
-- and the identity options beside other subcommands; ALTER SEQUENCE ... OWNED BY is 0A000
create sequence sr;
create table sr_t (id int generated always as identity, x int);
begin;
alter sequence sr restart;
rollback;
begin;
alter table sr_t alter column id restart;
rollback;
alter table sr_t alter column id set increment by 2, alter column x set not null;
alter sequence sr owned by sr_t.x;
select nextval('sr');
drop table sr_t;
drop sequence sr;
