-- SQL/JSON path evaluation: .**, .keyvalue(), strict-mode errors, variables, silent, the _tz
-- functions, @? and @@, jsonb_path_query in FROM and in the select list
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**{last}');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**{0}');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**{1 to 2}');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**{2 to last}');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.**{last to 1}');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', 'strict $.**.c');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', 'lax $.**.c');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', 'strict $.**.b[1]');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', '$.** ? (@ == 3)');
select jsonb_path_query('{"a":{"b":[1,{"c":3}]}}', 'strict $.** ? (@.c == 3)');
select jsonb_path_query_array('[1,[2,[3,[4]]]]', '$.**{2 to 3}');
select jsonb_path_exists('{"a":{"x":{"y":1}}}', '$.**.y');
select jsonb_path_query('{"a":1,"b":{"c":[1,{"d":2}]}}', '$.keyvalue()');
select jsonb_path_query('{"a":1,"b":{"c":[1,{"d":2}]}}', '$.b.keyvalue()');
select jsonb_path_query('{"a":1,"b":{"c":[1,{"d":2}]}}', '$.b.c[1].keyvalue()');
select jsonb_path_query('{"a":1.5,"bb":"xyz","b":{"c":[1,{"d":2}]}}', '$.b.keyvalue()');
select jsonb_path_query('{"a":123456789,"b":-0.000001,"c":{"x":1}}', '$.c.keyvalue()');
select jsonb_path_query('{"a":1}', '$x.keyvalue()', '{"x":{"y":{"z":1}}}');
select jsonb_path_query('{"a":1}', '$x.y.keyvalue()', '{"x":{"y":{"z":1}}}');
select jsonb_path_query('{"a":{"b":2}}', '$.keyvalue().value.keyvalue()');
select jsonb_path_query('[{"a":1},{"b":2}]', '$.keyvalue()');
select jsonb_path_query('{"a":1,"b":2}', '$.keyvalue() ? (@.value > 1).key');
select jsonb_path_query('{}', '$.keyvalue()');
select jsonb_path_query('[{"a":1},{"b":2}]', 'strict $.keyvalue()');
select jsonb_path_query('1', '$.keyvalue()');
select jsonb_path_query('1', '$.keyvalue()', silent => true);
-- a predicate's value with accessors; an existence test skips what unary minus cannot negate
select jsonb_path_query('[1, 2, 3]', '($[*] > 2) ? (@ == true)'), jsonb_path_query('[1, 2, 3]', '($[*].a > 3).type()');
select jsonb '["1",2,0,3]' @? '-$[*]', jsonb '[1,"2",0,3]' @? 'strict -$[*]', jsonb '["a"]' @? '-$[*]';
select jsonb_path_exists('["1",2]', '-$[*]'), jsonb_path_query_array('["1",2]', '-$[*]', silent => true);
-- strict-mode errors and their codes
select jsonb_path_query('{"a":1}', 'strict $.b');
select jsonb_path_query('1', 'strict $.a');
select jsonb_path_query('1', 'strict $[0]');
select jsonb_path_query('[1]', 'strict $[3]');
select jsonb_path_query('1', 'strict $.*');
select jsonb_path_query('1', 'strict $[*]');
select jsonb_path_query('1', 'strict $.size()');
select jsonb_path_query('"a"', '$.abs()');
select jsonb_path_query('"a"', '$.double()');
select jsonb_path_query('{}', '$.double()');
select jsonb_path_query('[1,2]', '$ + 1');
select jsonb_path_query('1', '$ / 0');
select jsonb_path_query('"x"', '-$');
select jsonb_path_query('[1]', '$[$.a]');
select jsonb_path_query('1', '$x');
select jsonb_path_match('1', '$');
select jsonb_path_query('1', '$', '[1]');
select jsonb_path_query('1', '$.keyvalue()');
\set VERBOSITY sqlstate
select jsonb_path_query('{"a":1}', 'strict $.b');
select jsonb_path_query('1', 'strict $.a');
select jsonb_path_query('1', 'strict $[0]');
select jsonb_path_query('[1]', 'strict $[3]');
select jsonb_path_query('1', 'strict $.*');
select jsonb_path_query('1', 'strict $[*]');
select jsonb_path_query('1', 'strict $.size()');
select jsonb_path_query('"a"', '$.abs()');
select jsonb_path_query('"a"', '$.double()');
select jsonb_path_query('{}', '$.double()');
select jsonb_path_query('[1,2]', '$ + 1');
select jsonb_path_query('1', '$ / 0');
select jsonb_path_query('"x"', '-$');
select jsonb_path_query('[1]', '$[$.a]');
select jsonb_path_query('1', '$x');
select jsonb_path_match('1', '$');
select jsonb_path_query('1', '$', '[1]');
select jsonb_path_query('1', '$.keyvalue()');
\set VERBOSITY default
select jsonb_path_query('{"a":1}', 'strict $.b', '{}', true);
select jsonb_path_exists('{"a":1}', 'strict $.b', '{}', true);
select jsonb_path_match('1', '$', '{}', true);
select jsonb_path_query_first('[1]', 'strict $[5]', silent => true);
-- variables
select jsonb_path_query('[1,2,3,4]', '$[*] ? (@ > $min && @ < $max)', '{"min": 1, "max": 4}');
select jsonb_path_query('{"a":[1,2]}', '$.a[$i]', '{"i": 1}');
select jsonb_path_query('{}', '$"my var".x', '{"my var": {"x": "y"}}');
select jsonb_path_query_array('[1,2,3]', '$[*] ? (@ != $v)', vars => '{"v": 2}');
-- the _tz functions
select jsonb_path_exists_tz('{"a":1}', '$.a');
select jsonb_path_match_tz('{"a":1}', '$.a == 1');
select jsonb_path_query_array_tz('[1,2,3]', '$[*] ? (@ > 1)');
select jsonb_path_query_first_tz('[1,2,3]', '$[*] ? (@ > 1)');
select * from jsonb_path_query_tz('[1,2,3]', '$[*] ? (@ > $x)', '{"x": 1}');
select jsonb_path_query_tz('{"a":[1,2]}', '$.a[*]');
-- operators
select '{"a":[1,2,3]}'::jsonb @? '$.a[*] ? (@ > 2)', '{"a":[1,2,3]}'::jsonb @? '$.a[*] ? (@ > 5)';
select '{"a":[1,2,3]}'::jsonb @@ '$.a[*] > 2', '{"a":[1,2,3]}'::jsonb @@ '$.a[*] > 5';
select '1'::jsonb @@ '$', '[1]'::jsonb @? 'strict $[5]', '1'::jsonb @@ 'strict $.a == 1';
select jsonb_path_exists_opr('{"a":1}', '$.a'), jsonb_path_match_opr('{"a":1}', '$.a == 1');
-- in FROM, with ordinality, over a table
create table jd (id int, j jsonb);
insert into jd values (1, '{"t":[{"n":"x","v":1},{"n":"y","v":5}]}'), (2, '{"t":[]}'), (3, '{"t":[{"n":"z","v":9}]}');
select * from jsonb_path_query('[{"a":1},{"a":2}]', '$[*].a') with ordinality;
select id, jsonb_path_query(j, '$.t[*] ? (@.v > 2).n') from jd order by id;
select id from jd where j @? '$.t[*] ? (@.v == 1)' order by id;
select id from jd where j @@ 'exists($.t[*] ? (@.n starts with "z"))' order by id;
select id, jsonb_path_query_array(j, '$.**.v') from jd order by id;
select jsonb_path_query('{"a":1}', '$.a', '{}', null);
select jsonb_path_query(null, '$.a');
select jsonb_path_query('{"a":1}', null);
select jsonb_path_query('{"a":1}', 'strict $.a[');
select jsonb_path_exists('{"a":1}', '$ ? (@.a == )');
select jsonb_path_query('{"a":1}', '$.a'::text);
