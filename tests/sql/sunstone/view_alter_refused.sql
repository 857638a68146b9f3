-- ALTER VIEW's and ALTER TABLE's forms Sunstone does not have: a table's storage parameters
-- (SET / RESET options of a view: tests/sql/pg/is9_view_options; column defaults:
-- tests/sql/pg/av9_view_defaults), 0A000 naming the form; OWNER TO another
-- role than the session's is PostgreSQL's 42704 (the one role owns everything)
create table var_t (a int);
create view var_v as select a from var_t;
alter view var_v owner to someone;
alter table var_t set (fillfactor = 50);
alter table var_t reset (fillfactor);
drop table var_t cascade;
