-- arrays as json / jsonb values: to_json, to_jsonb, json_build_*, json_agg of arrays
SELECT to_json(ARRAY[1,2,3]), to_jsonb(ARRAY[1,2,3]), to_json('{}'::int[]), to_jsonb('{}'::text[]);
SELECT to_json(ARRAY[[1,2],[3,4]]), to_jsonb(ARRAY[[1,2],[3,NULL]]);
SELECT to_json(ARRAY['a', NULL, 'c"d']), to_jsonb(ARRAY[1.50, 2]::numeric[]), to_json(ARRAY[true, false]);
SELECT to_json(ARRAY['2024-01-01 10:00'::timestamp]), to_jsonb(ARRAY['{"a":1}'::jsonb, '[2]']);
SELECT json_build_object('k', ARRAY[1,2]), jsonb_build_array(ARRAY['x'], 3), json_build_array(ARRAY[[1],[2]]);
SELECT jsonb_agg(a) FROM (VALUES (ARRAY[1,2]), (ARRAY[3]), (NULL::int[])) t(a);
SELECT to_jsonb('[0:1]={5,6}'::int[]), to_json(ARRAY[1.5::float8, 'NaN'::float8]);
SELECT to_jsonb(ARRAY[1,2]) @> '[1]', jsonb_typeof(to_jsonb(ARRAY[1])), jsonb_array_length(to_jsonb(ARRAY[1,2,3]));
