-- Row values holding untyped literals: a ROW field of an untyped literal stays "unknown", and
-- PostgreSQL raises its errors only when an operation reaches such a field: a coercion of the
-- field (no conversion function), a sort / group / set operation comparing two non-NULL
-- unknown fields (record_cmp), a record = or = ANY comparing them (record_eq).
select (row(1,'a')).f2;
select (row(1,'a')).f2::int;
select (row(1,'1')).f2 = 1;
select (row(1,'a')).f2 || 'x';
select length((row(1,'a')).f2);
select * from (select (row(1,'a')).f2) s;
select (x).f2 from (select row(1,'a') x) s;
select pg_typeof((row(1,'a')).f2);
select (row(1,'a')).f2 is null;
select (row(1,'a')).f1;
select (row(1,'a'::text)).f2;
select row(1,'a')::text;
select row_to_json(row(1,'a'));
-- sorts, groups and set operations
select row(1,'a') union select row(1,'a');
select row(1,'a') intersect select row(1,'a');
select row(1,'a') except select row(1,'a');
select row(1,'a') union all select row(1,'a');
select r, count(*) from (values (row(1,'a')), (row(1,'b'))) v(r) group by r;
select r from (values (row(1,'a')), (row(1,'b'))) v(r) order by r;
select distinct r from (values (row(1,'a')), (row(1,'b'))) v(r);
select count(distinct r) from (values (row(1,'a')), (row(1,'b'))) v(r);
select r, rank() over (partition by r) from (values (row(1,'a')), (row(1,'b'))) v(r);
select r, rank() over (order by r) from (values (row(1,'a')), (row(1,'b'))) v(r);
-- no error when no comparison reaches the unknown field
select r from (values (row(1,'a'))) v(r) order by r;
select r from (values (row(1,'a')), (row(2,'b'))) v(r) order by r;
select r from (values (row(2,'a')), (row(1,'b'))) v(r) order by r desc;
select distinct r from (values (row(1,'a')), (row(2,'b'))) v(r) order by 1;
select r, count(*) from (values (row(1,'a')), (row(2,'b'))) v(r) group by r order by 1;
select row(1,null) union select row(1,null);
select r, count(*) from (values (row(1,null)), (row(1,null)), (row(2,null))) v(r) group by r order by 1;
select array_agg(r) from (values (row(1,'a')), (row(1,'b'))) v(r);
select r, count(*) from (values (row(1,'a'::text)), (row(1,'a'::text))) v(r) group by r;
-- record equality
select row(1,'a') = any(array[row(1,'a')]);
select row(1,'a') = any(array[row(2,'a')]);
select row(1,null) = any(array[row(1,'a')]);
select * from (values (row(1,'a'))) a(r) join (values (row(1,'a'))) b(s) on r = s;
select * from (values (row(1,'a'))) a(r) join (values (row(1,'a'))) b(s) on r < s;
select * from (values (row(1,'a'))) a(r) join (values (row(2,'a'))) b(s) on r = s;
select * from (values (row(1,'a'))) a(r) where r in (select row(1,'a'));
select r is distinct from s from (values (row(1,'a'), row(1,'b'))) v(r, s);
-- row constructors compared directly are expanded over their fields: no record comparison
select row(1,'a') = row(1,'a');
select row(1,'a') < row(1,'b');
select row(1,'a') is distinct from row(1,'b');
-- a field of a type without comparison (json)
select distinct r from (values (row(1,'{}'::json)), (row(1,'{}'::json))) v(r);
select r = s from (values (row(1,'{}'::json), row(1,'{}'::json))) v(r, s);
select r = s from (values (row(1,'{}'::json), row(2,'{}'::json))) v(r, s);
-- fields of different types
select r = s from (values (row(1,'a'::text), row(1,'a'))) v(r, s);
select r < s from (values (row(1,'a'::text), row(1,'a'))) v(r, s);
