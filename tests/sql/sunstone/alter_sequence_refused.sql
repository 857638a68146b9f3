-- ALTER SEQUENCE ... OWNED BY what Sunstone does not have: a view as the owner (PostgreSQL
-- allows it, and DROP VIEW drops the sequence), and a SERIAL column's sequence owned by
-- another column than the one whose default uses it: 0A000, the sequence unchanged
create sequence sr;
create table sr_t (id serial, x int);
create view sr_v as select * from sr_t;
alter sequence sr owned by sr_v.x;
alter sequence sr_t_id_seq owned by sr_t.x;
\d sr_t_id_seq
begin;
alter sequence sr owned by sr_v.x;
select nextval('sr');
rollback;
select nextval('sr');
drop view sr_v;
drop table sr_t;
drop sequence sr;
