-- DROP SCHEMA ... CASCADE lists (and drops) the views and materialized views of other schemas that
-- read its relations, in PostgreSQL's order; RESTRICT names them in its DETAIL.
create schema vs;
create table vs.rt (a int);
create view vs.rv as select a from vs.rt;
create materialized view mv as select a * 10 as b from vs.rv;
create view pv as select a from vs.rv;
create materialized view mv2 as select a from vs.rt;
drop schema vs;
drop schema vs cascade;
select * from mv;
