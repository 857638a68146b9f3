-- Comparisons of two record values (not ROW constructors): field by field, NULLs equal, and
-- PostgreSQL's 42804 for records of different lengths that agree as far as the shorter goes and
-- for fields of different types.
select (select row(1,2)) = (select row(1,2,3));
select row(1,2) = row(1,2,3);
select (select row(1,2)) < (select row(1,2,3));
select (select row(2,2)) = (select row(1,2,3));
select (select row(1,null::int)) = (select row(1,null::int));
select (select row(1,2)) <> (select row(1,3)), (select row(1,2)) < (select row(1,3)), (select row(1,2)) >= (select row(1,3));
select (select row(1,2)) = null::record;
create table rr (a int, b text);
insert into rr values (1,'x'),(2,'y');
select r1 = r2 from rr r1, rr r2 order by 1;
select count(*) from rr r1 join rr r2 on r1 = r2;
drop table rr;
select (select row(1,2)) = (select row(1,'x'::text));
