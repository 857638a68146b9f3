-- field and subscript targets of INSERT: the value stored into a NULL of the column's type (transformAssignedExpr)
create table cp (a int, b text);
create table it (id int, a int[], x cp, m int[] default '{7}');
insert into it (id, a[2]) values (1, 5);
insert into it (id, a[1], a[2]) values (2, 1, '2');
insert into it (id, x.a, x.b) values (3, 1, 'z'), (4, 2, null);
insert into it (id, x.b) select 5, 'q';
insert into it (id, a[1:2]) values (6, '{8,9}');
insert into it (id, m[2]) values (7, 3);
select * from it order by id;
insert into it (a, a[1]) values ('{1}', 2);
insert into it (a[1], a) values (2, '{1}');
insert into it (a[1]) values (default);
insert into it (x.c) values (1);
insert into it (a[1]) values ('x');
insert into it (id.f) values (1);
insert into it (id[1]) values (1);
insert into it (a[1]) values (1) returning *;
insert into it (id, a[1]) values (9, 1) on conflict do nothing;
insert into it as t (id, x.a) values (10, 1) returning t.x;
drop table it;
drop table cp;
\set VERBOSITY sqlstate
create table cp (a int, b text);
create table it (id int, a int[], x cp);
insert into it (a[1]) values (default);
insert into it (x.a) values (default);
insert into it (x.a, x.a) values (1, 2);
insert into it (a[1], a[1]) values (1, 2);
select * from it;
insert into it (a[1]) select 1 union select 2;
insert into it (x.a) values (1), (default);
\set VERBOSITY default
create table vt (id int, a text[], b varchar(3)[]); insert into vt (id, a[1], b[2]) values (1, 'x', 'abc'); insert into vt (b[1]) values ('abcd'); select * from vt;
insert into vt (id, a[2:3]) select 2, '{p,q}';
select * from vt order by id;
