-- The json set-returning functions in FROM: jsonb_each, jsonb_each_text, json_each,
-- json_each_text, jsonb_array_elements(_text), json_array_elements(_text), jsonb_object_keys,
-- json_object_keys; WITH ORDINALITY, LATERAL over a table's column, errors.
SELECT * FROM jsonb_each('{"b":1,"a":"x","c":{"d":[1,2]}}');
SELECT * FROM jsonb_each_text('{"b":1,"a":"x","n":null,"c":[1, 2]}');
SELECT * FROM json_each('{"b":1,"a":"x", "b" : [1, 2]}');
SELECT * FROM json_each_text('{"a":null,"b":"x\u00e9","c":[1, 2]}');
SELECT * FROM jsonb_array_elements('[1,"a",null,{"x":[]}]');
SELECT * FROM jsonb_array_elements_text('[1,"a",null,{"x":[]}]');
SELECT * FROM json_array_elements('[1, "a" , {"b":2}]');
SELECT * FROM json_array_elements_text('[1, "a" , null]');
SELECT * FROM jsonb_object_keys('{"b":1,"a":2,"aa":3}');
SELECT * FROM json_object_keys('{"b":1,"a":2,"b":3}');
SELECT * FROM jsonb_each('{"a":1,"b":2}') WITH ORDINALITY;
SELECT key, value FROM jsonb_each('{"a":1,"b":2}') WHERE value::int > 1;
SELECT e.value FROM jsonb_array_elements('[{"a":1},{"a":2}]') e;
SELECT count(*), sum(value::int) FROM jsonb_array_elements_text('[1,2,3]');
SELECT * FROM jsonb_each(NULL);
SELECT * FROM jsonb_array_elements('[]');
CREATE TABLE js (id int, doc jsonb);
INSERT INTO js VALUES (1, '{"tags":["a","b"]}'), (2, '{"tags":["c"]}'), (3, '{"tags":[]}');
SELECT js.id, t.value FROM js, jsonb_array_elements_text(js.doc->'tags') t ORDER BY 1, 2;
SELECT js.id, k FROM js CROSS JOIN LATERAL jsonb_object_keys(js.doc) k ORDER BY 1;
SELECT * FROM jsonb_array_elements('{}');
SELECT * FROM jsonb_array_elements('1');
SELECT * FROM json_array_elements('{}');
SELECT * FROM json_array_elements('1');
SELECT * FROM jsonb_each('[]');
SELECT * FROM json_each('[]');
SELECT * FROM json_each('1');
SELECT * FROM jsonb_object_keys('5');
SELECT * FROM jsonb_object_keys('[]');
SELECT * FROM json_object_keys('[]');
SELECT * FROM json_object_keys('1');
SELECT * FROM jsonb_each(1);
-- in the select list: one one-column function with constant arguments
SELECT jsonb_array_elements('[1,"a",null]');
SELECT jsonb_object_keys('{"b":1,"a":2}'), 1 AS one;
SELECT json_array_elements_text('["x", "y"]') AS v;
