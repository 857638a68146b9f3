-- Data-modifying WITH queries in CREATE TABLE AS, SELECT INTO, COPY, PREPARE, with foreign
-- keys and CHECK constraints.
create table p(id int primary key, n text);
create table c(id int primary key, p int references p on delete cascade, q int check (q > 0));
insert into p values (1, 'one'), (2, 'two'), (3, 'three');
insert into c values (10, 1, 1), (20, 2, 2), (30, 3, 3);
-- the cascade of a WITH query's DELETE
with d as (delete from p where id = 1 returning *) select * from d;
select * from c order by id;
-- a foreign key error in a WITH query undoes the whole statement
with d as (delete from c where id = 20 returning *), i as (insert into c values (40, 99, 4) returning *) select * from d;
select * from c order by id;
-- a CHECK error in the main statement undoes the WITH queries
with d as (delete from c where id = 20 returning *) update c set q = -1 where id = 30;
select * from c order by id;
create table moved as with d as (delete from c where id = 20 returning *) select * from d;
select * from moved;
with d as (delete from c where id = 30 returning *) select * into moved2 from d;
select * from moved2;
select * from c order by id;
insert into c values (50, 2, 5);
copy (with d as (delete from c where id = 50 returning *) select * from d) to stdout;
select * from c order by id;
prepare ins(int, int) as with i as (insert into c values ($1, 2, $2) returning *) select * from i;
execute ins(60, 6);
execute ins(70, 7);
execute ins(70, 7);
select * from c order by id;
