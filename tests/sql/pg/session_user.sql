-- CURRENT_USER, SESSION_USER, USER, CURRENT_ROLE, CURRENT_CATALOG, CURRENT_SCHEMA: their
-- column names and agreement (the role's name itself depends on who runs the test)
select current_user, session_user, user, current_role, current_catalog, current_schema limit 0;
select current_user = session_user, user = current_role, current_user = user, current_catalog = current_database(), current_schema;
select length(current_user) > 0;
create table own (a text default current_user);
insert into own default values;
select a = current_user from own;
