-- ALTER VIEW ... RENAME TO (and ALTER TABLE ... RENAME TO of a view): the views and materialized
-- views reading it follow, a rollback puts it back, PostgreSQL's errors (42809 for a table,
-- 42P07, 42P01, IF EXISTS's NOTICE).
create table rt (a int);
create view rv as select a from rt;
create view rv2 as select * from rv where a > 0;
alter view rt rename to rt2;
alter view rv rename to rv_new;
select * from rv2;
\d+ rv2
alter table rv_new rename to rv3;
alter view if exists nosuch rename to x;
alter view nosuch rename to x;
alter view rv3 rename to rv2;
begin;
alter view rv3 rename to rv4;
select * from rv4;
rollback;
select * from rv3;
select pg_get_viewdef('rv2');
drop table rt cascade;
create schema vs;
create table vs.rt (a int);
insert into vs.rt values (1),(2);
create view vs.rv as select a from vs.rt;
create materialized view mv as select a * 10 as b from vs.rv;
alter view vs.rv rename to rv9;
refresh materialized view mv;
select * from mv order by 1;
select * from vs.rv9 order by 1;
select pg_get_viewdef('mv');
drop materialized view mv;
drop schema vs cascade;
