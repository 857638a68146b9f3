-- ALTER VIEW's subcommands Sunstone does not have: column defaults of views (INSERT through
-- a view does not read them), SET / RESET options: 0A000 naming the form; OWNER TO another
-- role than the session's is PostgreSQL's 42704 (the one role owns everything)
create table var_t (a int);
create view var_v as select a from var_t;
alter view var_v alter column a set default 1;
alter view var_v alter column a drop default;
alter view var_v owner to someone;
alter view var_v set (check_option = local);
drop table var_t cascade;
