-- json_agg / jsonb_agg of arrays and nested values, json_object_agg of arrays
select json_agg(x) from (values (array[1,2]),(null),(array[3]),('{}'::int[])) v(x);
select json_agg(x order by x desc) from (values (array['a,b','c"]']),(array['x'])) v(x);
select json_agg(x) from (values (array[array[1,2],array[3,4]])) v(x);
select jsonb_agg(x) from (values (array[1,2]),(null),(array[3])) v(x);
select g, json_agg(x) from (values (1, array[1]), (1, array[2]), (2, array[3])) v(g, x) group by g order by g;
select json_object_agg(k, x) from (values ('a', array[1]),('b', array[2])) v(k,x);
select json_agg(x) from (values ('{"a":[1,2]}'::jsonb),('[1,[2]]'),(null)) v(x);
select json_agg(x) from (values ('{"a": [1, 2]}'::json),('[1, [2]]')) v(x);
select jsonb_agg(x) from (values ('{"a":[1,2]}'::jsonb),('[1,[2]]')) v(x);
select json_agg(x) from (values (array['{"q":1}'::jsonb])) v(x);
select json_agg(x) from (select array[]::text[] as x where false) s;
