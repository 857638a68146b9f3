-- unnest(record[]) AS t(...): the function's rows are checked as a whole before any column is
-- read: one row type for all of them, then the first one against the definition list.
select count(*) from unnest(array[row(1,2), row(1)]) as t(a int, b int);
select * from unnest(array[row(1,2), row(1)]) as t(a int, b int);
select count(*) from unnest(array[row(1,2), row(1,'a')]) as t(a int, b int);
select count(*) from unnest(array[row(1,2), row(3,4)]) as t(a int, b int);
select count(*) from unnest(array[row(1,2)]) as t(a int);
select count(*) from unnest(array[row(1,2)]) as t(a int, b text);
select count(a) from unnest(array[row(1,2), row(1)]) as t(a int, b int);
select a from unnest(array[row(1,2), row(1)]) as t(a int, b int);
select count(*) from unnest(array[row(1,'x'), row(2,'y')]) as t(a int, b text);
select * from unnest(array[row(1,'x'), row(2,'y')]) as t(a int, b text);
select * from unnest(array[row(1,'x'::text), row(2,'y'::text)]) as t(a int, b text);
select * from unnest(array[row(1,'x'::text), null, row(2,'y'::text)]) as t(a int, b text);
select * from unnest(array[null::record, null]) as t(a int, b text);
select count(*) from unnest(array[row(1), row(1,2)]) as t(a int);
select count(*) from unnest(array[]::record[]) as t(a int);
select count(*) from unnest(null::record[]) as t(a int);
-- row-type columns compared with literals: a literal against a record operator stays an
-- anonymous record (PostgreSQL cannot read it); IN and CASE / COALESCE resolve it as the
-- column's row type
create table typ8_rt (a int, b text);
create table typ8_ru (id int, r typ8_rt);
insert into typ8_ru values (1, row(1,'a')), (2, row(2,'b'));
select * from typ8_ru where r = '(1,a)';
select * from typ8_ru where r = '(1,a)'::typ8_rt;
select * from typ8_ru where r in ('(1,a)', '(2,b)');
select * from typ8_ru where r in ('(1,a)', '(2,b');
select * from typ8_ru where r < '(2,a)';
select * from typ8_ru where r = any('{"(1,a)"}');
select * from typ8_ru where r = row(1,'a');
select * from typ8_ru where r = '(1,a)'::record;
select coalesce(r, '(9,z)') from typ8_ru order by id;
select case when id = 1 then r else '(7,q)' end from typ8_ru order by id;
update typ8_ru set r = '(5,e)' where id = 1;
select * from typ8_ru order by id;
select array[r, '(3,c)'] from typ8_ru order by id;
drop table typ8_ru;
drop table typ8_rt;
