-- json and jsonb input (PostgreSQL 15's validating parser, its DETAIL and CONTEXT lines),
-- jsonb's normalised output (keys deduplicated, the last wins, sorted shorter first),
-- numbers kept as numeric, strings unescaped, and json's output as written.
SELECT '{"a":1,"b":[1,2]}'::json, '{"a":1,"b":[1,2]}'::jsonb;
SELECT ' [1, {"a":2}] '::json, ' 5 '::jsonb, 'null'::jsonb, 'true'::jsonb, '"x"'::jsonb;
SELECT '{"b":1,"a":2,"aa":3,"a":5}'::jsonb, '{"b":1,"a":2,"a":5}'::json;
SELECT '[1.50, 1e3, -0, 1E-2, 12345678901234567890123456789, -1.5e-5]'::jsonb;
SELECT '"\u00e9\n\"\/"'::jsonb, '"\ud83d\ude00"'::jsonb, '"\u00e9"'::json;
SELECT '"\b\f\n\r\t\u0001\u001f"'::jsonb;
SELECT '{"a":[1,{"b":null}],"c":true,"d":{}}'::jsonb, '[]'::jsonb, '{}'::jsonb;
SELECT '"\u0000"'::json, '"\ud800"'::json;
-- errors
SELECT '{"a":1,}'::json;
SELECT '[1,2'::json;
SELECT 'tru'::json;
SELECT '1a'::jsonb;
SELECT '01'::json;
SELECT '-'::json;
SELECT '1.'::json;
SELECT '.5'::json;
SELECT '1.5.3'::json;
SELECT '{"a" 1}'::json;
SELECT '{1:2}'::json;
SELECT '[1 2]'::json;
SELECT '[1,,2]'::json;
SELECT '{"a":1 "b":2}'::jsonb;
SELECT '"abc'::json;
SELECT '"\x"'::json;
SELECT '["a\u"]'::json;
SELECT E'"a\tb"'::json;
SELECT E'[1,\n2,\n x]'::json;
SELECT '{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1, x}'::json;
SELECT ''::json;
SELECT '  '::jsonb;
SELECT '1 2'::json;
SELECT '"\u0000"'::jsonb;
SELECT '"\ud800"'::jsonb;
SELECT '"\ud800x"'::jsonb;
SELECT '"\udc00"'::jsonb;
SELECT '"\ud800\ud800"'::jsonb;
SELECT ('{"a":1,"b":' || 'x')::json;
-- storage
CREATE TABLE jt (id int, j json, b jsonb);
INSERT INTO jt VALUES (1, '{"b":1, "a":2}', '{"b":1, "a":2}'), (2, NULL, NULL), (3, '[1, 2]', '[1,  2]');
SELECT * FROM jt ORDER BY id;
INSERT INTO jt VALUES (4, '{', '{}');
\d jt
SELECT j::jsonb, b::json, b::text, j::text, '{"x": 1}'::text::jsonb FROM jt ORDER BY id;
SELECT pg_typeof(j), pg_typeof(b), pg_typeof(j -> 'a'), pg_typeof(b ->> 'a') FROM jt WHERE id = 1;
-- nesting: deep values work, too deep is PostgreSQL's stack depth error
SELECT length((repeat('[', 5000) || repeat(']', 5000))::jsonb::text), (repeat('{"a":', 3000) || '1' || repeat('}', 3000))::jsonb #>> '{a,a,a}' IS NULL;
SELECT (repeat('[', 100000) || repeat(']', 100000))::json;
SELECT (repeat('{"a":', 100000) || '1' || repeat('}', 100000))::jsonb;
