-- What Sunstone says it is: version() in PostgreSQL's form (clients parse "PostgreSQL 15"),
-- naming Sunstone; current_database() is the name the shell's prompt shows.
select version() like 'PostgreSQL 15.0 (Sunstone %) on %, 64-bit' as pg_form;
select current_database();
show server_version;
select current_setting('server_version_num');
