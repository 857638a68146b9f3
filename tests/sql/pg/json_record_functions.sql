-- json_populate_record(set), json_to_record(set) and their jsonb forms; column definition
-- lists in FROM and their errors.
create table t(a int, b text);
insert into t values (1,'x'),(2,null);
select * from json_populate_record(null::t, '{"a":1}');
select * from jsonb_populate_record(null::t, '{"b":"q","a":7,"z":0}');
select json_populate_record(null::t, '{"a":1}');
select (json_populate_record(null::t, '{"a":1}')).a;
select json_populate_record(row(5,'q')::t, '{"a":1}');
select jsonb_populate_record(row(5,'q')::t, '{"a":1}');
select json_populate_record(row(1,'x')::t, null);
select * from json_populate_record(null::t, null);
select * from json_populate_record(null::t, '{"a":1}', true);
select * from json_populate_recordset(null::t, '[{"a":1,"b":"p"},{"b":"z"}]');
select * from jsonb_populate_recordset(row(9,'d')::t, '[{"a":1,"b":"p"},{"b":"z"}]');
select * from json_populate_recordset(null::t, null);
select * from json_populate_recordset(null::t, '[]');
-- column definition lists
select * from json_to_record('{"a":1}') as x(a int, b text);
select * from json_to_record('{"a":1}') as (a int, b text);
select * from jsonb_to_record('{"a":1.50,"b":true, "c":"s", "d":null}') as x(a text, b text, c text, d text);
select * from json_to_record('{"a":1.50,"b":true, "c":"s\n", "d":null}') as x(a text, b text, c text, d text);
select * from json_to_record('{"a":1.50e0,"b":[1, 2]}') as x(a json, b jsonb);
select * from jsonb_to_record('{"a":1.50,"b":[1, 2]}') as x(a json, b jsonb);
select * from json_to_record('{"a":1,"a":2}') as x(a int);
select * from json_to_record(null) as x(a int);
select * from json_to_record('{"a":"x", "b": 5}') as x(a varchar(3), b numeric(4,1));
select * from json_to_recordset('[{"a":1,"b":"foo"},{"a":2,"c":"bar"}]') as x(a int, b text);
select * from jsonb_to_recordset('[{"k":1},{"k":2}]') as s(k int);
-- nested values
select * from json_to_record('{"a":[1,2]}') as x(a int[]);
select * from json_to_record('{"a":[[1,2],[3,4]]}') as x(a int[]);
select * from jsonb_to_record('{"a":["p", null, "q r"]}') as x(a text[]);
select * from json_to_record('{"a":"{1,2}"}') as x(a int[]);
select * from json_to_record('{"a":{"a":3,"b":"z"}}') as x(a t);
select * from json_to_record('{"a":"(4,w)"}') as x(a t);
select * from json_to_record('{"a":{"a":3,"b":"z"}}') as x(a text);
select * from jsonb_to_record('{"a":{"a":3,"b":"z"}}') as x(a text);
-- lateral
select t.a, r.* from t, json_to_record('{"c":"v"}') as r(c text) order by t.a;
select t.a, r.* from t, json_populate_record(t, '{"b":"v"}') as r order by t.a;
select t.a, r.b from t, jsonb_to_record(jsonb_build_object('b', t.a * 10)) as r(b int) order by t.a;
-- errors
select * from json_to_record('{"a":1}');
select * from json_to_record('{"a":1}') as x;
select * from generate_series(1,2) as x(a int);
select json_to_record('{"a":1}');
select * from json_populate_record(null::t, '{"a":1}') as x(a int);
select * from json_populate_record(null::t, '1');
select * from json_populate_record(null::t, '[1]');
select * from json_to_recordset('{"a":1}') as x(a int);
select * from json_to_recordset('[1]') as x(a int);
select * from json_to_recordset('[{"a":1},2]') as x(a int);
select * from json_populate_recordset(null::t, '[{"a":"q"}]');
select * from json_to_record('{"a":[[1],2]}') as x(a int[]);
select * from json_to_record('{"a":[1,2]}') as x(a int);
select * from json_to_record('{"a":1}') as x(a int[]);
select * from json_to_record('{"a":"3"}') as x(a t);
select * from json_to_record('{"a":3}') as x(a t);
select * from json_to_record('{"a":"xxxxx"}') as x(a varchar(3));
select json_populate_record(1, '{}');
select json_populate_record(null, '{}');
select * from jsonb_to_recordset('[{"k":1}]') with ordinality as s(k int, o bigint);
select * from json_to_record('{"a":1}') as x(a nosuchtype);
drop table t;
