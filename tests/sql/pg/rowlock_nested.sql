-- locking clauses in nested queries: WHERE / FROM subqueries, WITH queries, views,
-- INSERT ... SELECT, UPDATE / DELETE subqueries and cursors (single session)
create table jobs(id int primary key, taken boolean not null default false, who text);
insert into jobs(id) select g from generate_series(1, 5) g;
create table log(id int, note text);
-- the queue pattern
update jobs set taken = true, who = 'w1' where id = (select id from jobs where not taken order by id limit 1 for update skip locked) returning id;
update jobs set taken = true, who = 'w2' where id = (select id from jobs where not taken order by id limit 1 for update skip locked) returning id;
delete from jobs where id in (select id from jobs where taken for update) returning id, who;
select * from jobs order by id;
delete from jobs where id = any (select id from jobs j where j.id > 4 for no key update nowait);
-- subqueries of WHERE and FROM
select id from jobs where id in (select id from jobs where id < 5 for share) order by id;
select exists (select 1 from jobs for key share) as e;
select * from (select id from jobs order by id desc limit 1 for update) s;
select s.id, l.note from (select id from jobs for update of jobs) s left join log l on l.id = s.id order by 1;
select * from (select j.id from jobs j join log l on l.id = j.id for update of j) s;
select (select max(id) from (select id from jobs for update) x) as m;
-- WITH queries
with c as (select id from jobs where id > 3 for update) select * from c order by id;
with c as materialized (select id from jobs for share skip locked) select count(*) from c;
update jobs set who = 'from' from (select id from jobs order by id limit 1 for update) c where jobs.id = c.id returning jobs.id, jobs.who;
-- INSERT ... SELECT
insert into log select id, 'copied' from jobs where id <= 4 for update;
insert into log select id, 'again' from jobs order by id limit 1 for key share nowait returning *;
select * from log order by id, note;
-- a view whose query locks
create view v_locked as select id, who from jobs where id >= 4 for update;
select * from v_locked order by id;
select count(*) from v_locked;
select * from log where id in (select id from v_locked) order by id, note;
drop view v_locked;
-- cursors
begin;
declare c1 cursor for select id from jobs order by id for update;
fetch 2 from c1;
fetch all from c1;
close c1;
declare c2 cursor for select id, who from jobs where id > 3 for share nowait;
fetch next from c2;
commit;
begin;
declare c3 cursor for select id from jobs order by id for update;
fetch 1 from c3;
fetch backward 1 from c3;
rollback;
begin;
declare c4 scroll cursor for select id from jobs for update;
rollback;
begin;
declare c5 cursor with hold for select id from jobs for share;
rollback;
begin read only;
declare c6 cursor for select id from jobs for update;
rollback;
-- errors of nested locking clauses
select * from jobs where id in (select count(*) from jobs for update);
select * from (select id from jobs group by id for update) s;
select * from (select distinct id from jobs for share) s;
select * from jobs where id in (select id from jobs for update of zz);
select * from (select * from jobs j for update of jobs) s;
select * from (select * from jobs left join log using (id) for update of log) s;
with c as (select id from jobs union select 1 for update) select * from c;
select * from (select * from generate_series(1, 2) g for update of g) s;
begin read only;
select id from jobs where id in (select id from jobs for update) order by id;
rollback;
begin read only;
insert into log select id, 'x' from jobs for update;
rollback;
drop table jobs, log;
