-- LIKE ... INCLUDING INDEXES copies expression and partial indexes
create table s (a int, b text, j jsonb);
create index on s (lower(b)) where a > 0;
create unique index on s ((a + 1), b);
create index on s ((j ->> 'k'));
create table l (like s including indexes);
\d l
insert into l values (1, 'x'), (0, 'y');
insert into l values (1, 'x');
