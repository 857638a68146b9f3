-- json and jsonb operators: -> and ->> by key and index (negative from the end), #> and #>>
-- by path, @>, <@, ?, ?|, ?&, ||, - and #-, and their NULL handling.
SELECT '{"a":{"b":[1,2]},"c":"x"}'::jsonb -> 'a', '{"a":{"b":[1,2]},"c":"x"}'::jsonb ->> 'c', '{"a":1}'::jsonb -> 'z';
SELECT '[10,"x",null,{"k":1}]'::jsonb -> 1, '[10,"x",null,{"k":1}]'::jsonb ->> 1, '[10,"x",null]'::jsonb ->> 2, '[10,"x",null]'::jsonb -> 2;
SELECT '[1,2,3]'::jsonb -> -1, '[1,2,3]'::jsonb -> -4, '[1,2,3]'::jsonb -> 3, '5'::jsonb -> 0, '{"a":1}'::jsonb -> 0, '[1]'::jsonb -> 'a';
SELECT '{"a":1,"a":{"b" : 2}}'::json -> 'a', '{"a":"x\u00e9"}'::json ->> 'a', '[1, 2.50 ,3]'::json -> 1, '[1,2]'::json ->> -1, '5'::json -> 0, '{"a":null}'::json ->> 'a', '{"a":null}'::json -> 'a';
SELECT '{"a":{"b":[1,{"c":"d"}]}}'::jsonb #> '{a,b,1}', '{"a":{"b":[1,{"c":"d"}]}}'::jsonb #>> '{a,b,1,c}', '{"a":{"b":[1,2]}}'::jsonb #> '{a,b,-1}';
SELECT '"a"'::jsonb #>> '{}', '{"a":1}'::jsonb #>> '{}', '"a"'::jsonb #> '{}', '[1,[2,3]]'::jsonb #> '{1, -1}', '[1,[2,3]]'::jsonb #>> '{ 1 ,x}', '{"a":null}'::jsonb #>> '{a}', '{"a":null}'::jsonb #> '{a}', '{"a":1}'::jsonb #> '{a,NULL}';
SELECT '{"a":1}'::json #> '{a}', '{"a":[1, "x"]}'::json #>> '{a,1}', '{"a":1}'::json #>> '{}', '{"a b":{"c":2}}'::jsonb #> '{"a b",c}';
SELECT '{"a":1,"b":[1,2,{"c":3}]}'::jsonb @> '{"b":[{"c":3}]}', '{"a":1,"b":2}'::jsonb @> '{"a":1}', '{"a":1}'::jsonb @> '{"a":1,"b":2}';
SELECT '[1,2,3]'::jsonb @> '[3,1]', '[1,2,3]'::jsonb @> '2', '2'::jsonb @> '[2]', '[[1,2]]'::jsonb @> '[[2]]', '[1,2]'::jsonb @> '[[1]]', '{"a":1}'::jsonb <@ '{"a":1,"b":2}';
SELECT '{"a":1}'::jsonb ? 'a', '{"a":1}'::jsonb ? 'b', '["a",1]'::jsonb ? 'a', '[1]'::jsonb ? '1', '"a"'::jsonb ? 'a';
SELECT '{"a":1,"b":2}'::jsonb ?| '{b,c}', '{"a":1,"b":2}'::jsonb ?& '{a,b}', '{"a":1,"b":2}'::jsonb ?& '{a,c}', '{"a":1}'::jsonb ?| '{}', '{"a":1}'::jsonb ?& '{}';
SELECT '{"a":1,"b":2}'::jsonb || '{"b":3,"c":4}', '[1,2]'::jsonb || '[3]', '[1]'::jsonb || '2', '1'::jsonb || '2', '{"a":1}'::jsonb || '[1]', '[1]'::jsonb || '{"a":1}', '"x"'::jsonb || '{"a":1}';
SELECT '{"a":1,"b":2}'::jsonb - 'a', '["a","b","a"]'::jsonb - 'a', '[1,2,3]'::jsonb - 1, '[1,2,3]'::jsonb - -1, '[1,2,3]'::jsonb - 5;
SELECT '5'::jsonb - 'a';
SELECT '{"a":1}'::jsonb - 0;
SELECT '{"a":{"b":1,"c":2}}'::jsonb #- '{a,b}', '[1,[2,3]]'::jsonb #- '{1,0}', '{"a":1}'::jsonb #- '{x}';
SELECT '5'::jsonb #- '{a}';
SELECT NULL::jsonb -> 'a', '{"a":1}'::jsonb -> NULL::text, NULL::jsonb @> '{}', '{}'::jsonb ? NULL;
