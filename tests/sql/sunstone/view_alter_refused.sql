-- ALTER VIEW's subcommands Sunstone does not have: SET / RESET options: 0A000 naming the
-- form (column defaults: tests/sql/pg/av9_view_defaults); OWNER TO another
-- role than the session's is PostgreSQL's 42704 (the one role owns everything)
create table var_t (a int);
create view var_v as select a from var_t;
alter view var_v owner to someone;
alter view var_v set (check_option = local);
drop table var_t cascade;
