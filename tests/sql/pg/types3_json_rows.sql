-- to_json / row_to_json / to_jsonb / json_agg / jsonb_agg of a whole-row reference
create table tt (a int, b text, c int[], d jsonb, e numeric(6,2), f boolean);
insert into tt values (1, 'x', '{1,2}', '{"k": [1, 2]}', 1.50, true), (2, null, null, null, null, null),
  (3, 'q"uote', '{}', '"s"', -0.25, false);
select to_json(tt) from tt order by a;
select row_to_json(tt) from tt order by a;
select to_jsonb(tt) from tt order by a;
select json_agg(tt) from tt;
select json_agg(tt order by a desc) from tt;
select jsonb_agg(tt) from tt;
select jsonb_agg(tt order by a desc) from tt where a < 3;
select to_json(t) from (select 1 as a, 'x' as b) t;
select to_json(s), to_jsonb(s) from (select a, b || '!' as bang from tt where a = 1) s;
select x.a, to_json(y) from tt x join (values (1, 'one'), (2, 'two')) y(n, word) on x.a = y.n order by 1;
select b, json_agg(v) from (values (1, 'g'), (2, 'g'), (3, 'h')) v(a, b) group by b order by b;
select to_json(tt)->>'b' from tt order by a;
select to_jsonb(tt) @> '{"a": 1}' from tt order by a;
select json_agg(tt) from tt where false;
create table t2 (t2 int, z int);
insert into t2 values (7, 8);
select to_json(t2) from t2;
-- errors as PostgreSQL's
select to_json(tt) from tt group by a;
select to_json(nosuch) from tt;
