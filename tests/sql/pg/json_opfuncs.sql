-- the functions that implement json / jsonb operators, called by name as PostgreSQL allows
SELECT json_object_field('{"a":{"b":1}}', 'a'), json_object_field_text('{"a":"x"}', 'a');
SELECT json_array_element('[1,[2]]', 1), json_array_element_text('["x","y"]', 1), json_array_element('[1]', 5) IS NULL;
SELECT jsonb_object_field('{"a":{"b":1}}', 'a'), jsonb_object_field_text('{"a":"x"}', 'a'), jsonb_object_field('{"a":1}', 'z') IS NULL;
SELECT jsonb_array_element('[1,[2]]', 1), jsonb_array_element_text('["x","y"]', -1);
SELECT jsonb_contains('{"a":1,"b":2}', '{"a":1}'), jsonb_contained('{"a":1}', '{"a":1,"b":2}');
SELECT jsonb_exists('{"a":1}', 'a'), jsonb_exists_any('{"a":1}', '{b,a}'), jsonb_exists_all('{"a":1}', '{b,a}');
SELECT jsonb_delete('{"a":1,"b":2}', 'a'), jsonb_delete('[1,2,3]', 1), jsonb_delete_path('{"a":{"b":1,"c":2}}', '{a,b}');
SELECT jsonb_concat('{"a":1}', '{"b":2}'), jsonb_eq('[1]', '[1]'), jsonb_ne('1', '2'), jsonb_lt('1', '2'), jsonb_le('2', '2'), jsonb_gt('"a"', '1'), jsonb_ge('[]', '{}');
SELECT jsonb_object_field(NULL, 'a') IS NULL, json_object_field('[1]', 'a') IS NULL;
