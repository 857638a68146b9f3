-- Row-typed values as JSON: to_json / to_jsonb / row_to_json / json_build_object / json_agg of
-- table row types, anonymous ROW(...)s (f1, f2, ...), a subquery's whole row (its column
-- names), a table's whole row under column aliases (the table's names), nested row types.
create table a(id int, x text);
insert into a values (1,'p'),(2,'q');
select to_json(row(1,'p')::a), row_to_json(row(1,'p')::a);
select to_json(row(1,'p')), row_to_json(row(2, null));
select to_jsonb(row(1,'p')::a), to_jsonb(row(1,'p'));
select json_build_object('k', row(1,'p')::a);
select jsonb_build_object('k', row(1,'p')::a, 'n', null::a);
select json_agg(row(1,'p')::a);
select json_agg(s order by s) from (select a as s from a) q;
select jsonb_agg(q.s order by q.s) from (select a as s from a) q;
select to_json(q.s), to_jsonb(q.s), row_to_json(q.s) from (select s from (select 1 as x, 'y' as z) s) q;
select (q.s).x, (q.s).z, pg_typeof(q.s) from (select s from (select 1 as x, 'y' as z) s) q;
select (row(1, 2)).f2;
select to_json(x) from a as x(p, q) order by 1::text;
select row_to_json(x) from (select * from a) x order by 1::text;
select to_json(r) from json_to_record('{"k":[1,2],"n":{"id":3}}') as r(k int[], n a);
select json_populate_record(null::a, '{"id":5}')::text, to_json(json_populate_record(null::a, '{"id":5}'));
select pg_typeof(array[row(1,'p')::a]), array[row(1,'p')::a];
drop table a;
