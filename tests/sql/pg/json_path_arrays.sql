-- json / jsonb path operators and functions over text[] values that are not literals
CREATE TABLE jpa (j jsonb, p text[]);
INSERT INTO jpa VALUES ('{"a":{"b":[10,20]}}', ARRAY['a','b','1']), ('{"a":{"b":[10,20]}}', '{a,x}'), ('{"x":1}', NULL), ('[1,{"k":"v"}]', ARRAY['1','k']);
SELECT j #> p, j #>> p, j #- p, p FROM jpa ORDER BY p NULLS LAST;
SELECT jsonb_set(j, p, '"new"'), jsonb_insert(j, ARRAY['z'], '0') FROM jpa WHERE p IS NOT NULL ORDER BY p;
SELECT j::json #> p, j::json #>> p FROM jpa ORDER BY p NULLS LAST;
SELECT '{"a":1,"b":2}'::jsonb ?| ARRAY['b','c'], '{"a":1,"b":2}'::jsonb ?& ARRAY['a','b'], '{"a":1}'::jsonb ?& string_to_array('a,z', ',');
SELECT '{"a":{"b":1}}'::jsonb #> string_to_array('a.b', '.'), '{"a":{"b":1}}'::jsonb #>> ARRAY[NULL]::text[], '[[1,2]]'::jsonb #> ARRAY[['0'],['1']];
SELECT '{"a":1}'::jsonb #> 'a'::text;
SELECT '{"a":1}'::jsonb #> '{a';
DROP TABLE jpa;
