-- PRIMARY KEY and UNIQUE (column and table constraints, CONSTRAINT names): the backing
-- unique indexes' names, NOT NULL from the primary key, 23505 with DETAIL on INSERT (also
-- within one statement), NULLs never conflicting, and names already taken.
create table t (id int primary key, a int unique, b text);
insert into t values (1, 1, 'x');
insert into t values (1, 2, 'y');
insert into t values (2, 1, 'y');
insert into t values (2, null, 'y'), (3, null, 'z');
insert into t values (4, 4, 'a'), (5, 5, 'b'), (4, 6, 'c');
insert into t values (null, 7, 'n');
select * from t order by id;
create table u (a int, b text, c int, primary key (a, b), unique (b, c), constraint named_one unique (c));
insert into u values (1, 'x', 1), (1, 'y', 2);
insert into u values (1, 'x', 3);
insert into u values (2, 'x', 1);
insert into u values (3, 'z', 2);
insert into u values (3, null, 9);
select * from u order by a, b;
create table v (a int primary key, b int primary key);
create table w (a int, primary key (zz));
create table x (a int, constraint t_pkey primary key (a));
select count(*) from x;
create table y (a int unique, b int, unique (a));
create index y_a_key on y (b);
drop index y_a_key;
insert into y values (1, 1), (1, 2);
drop index y_a_key1;
insert into y values (1, 1), (1, 2);
select * from y;
