-- The array functions: dimensions, searching, removing and replacing, appending,
-- array_to_string / string_to_array, with NULLs, bounds and their errors.
SELECT array_length(ARRAY[1,2,3], 1), array_length(ARRAY[[1,2],[3,4]], 2), array_length(ARRAY[1], 2), array_length('{}'::int[], 1);
SELECT array_lower('[0:2]={1,2,3}'::int[], 1), array_upper('[0:2]={1,2,3}'::int[], 1), array_lower(ARRAY[1], 0), array_upper('{}'::int[], 1);
SELECT array_ndims(ARRAY[[1]]), array_ndims('{}'::int[]), array_dims(ARRAY[[1,2],[3,4]]), array_dims('[-1:0]={1,2}'::int[]), array_dims('{}'::int[]);
SELECT cardinality(ARRAY[[1,2],[3,4]]), cardinality('{}'::int[]), cardinality(NULL::int[]), array_length(NULL::int[], 1);
SELECT array_position(ARRAY['a','b','a'], 'a'), array_position(ARRAY['a','b','a'], 'a', 2), array_position(ARRAY[1,NULL], NULL);
SELECT array_position(ARRAY[1,2], 3), array_position('[5:6]={1,2}'::int[], 2), array_position(ARRAY[1,2], 2.0), array_position(NULL::int[], 1);
SELECT array_positions(ARRAY[1,2,1,NULL], 1), array_positions(ARRAY[1,NULL,NULL], NULL), array_positions('{}'::int[], 1), array_positions(ARRAY[1], 5);
SELECT array_remove(ARRAY[1,2,1,3], 1), array_remove(ARRAY[1,NULL,2], NULL), array_remove(ARRAY[1,1], 1), array_remove(ARRAY['a','b'], 'c');
SELECT array_replace(ARRAY[1,2,1], 1, 9), array_replace(ARRAY[1,NULL], NULL, 0), array_replace(ARRAY[[1,2],[1,3]], 1, 5), array_replace(ARRAY[1], 1, NULL);
SELECT array_append(ARRAY[1,2], 3), array_append('{}'::int[], 1), array_append(NULL::int[], 1), array_append(ARRAY[1], NULL);
SELECT array_prepend(0, ARRAY[1,2]), array_prepend(0, '[3:4]={1,2}'::int[]), array_prepend(1, NULL::int[]), array_append('[3:4]={1,2}'::int[], 9);
SELECT array_cat(ARRAY[1,2], ARRAY[3]), array_cat(ARRAY[[1,2]], ARRAY[[3,4]]), array_cat(NULL::int[], ARRAY[1]), array_cat(ARRAY[1], ARRAY[2.5]);
SELECT array_to_string(ARRAY[1,NULL,3], ','), array_to_string(ARRAY[1,NULL,3], ',', '*'), array_to_string(ARRAY['a','b'], ''), array_to_string(ARRAY[[1,2],[3,4]], '-');
SELECT array_to_string(ARRAY[true,false], ','), array_to_string('{}'::int[], ','), array_to_string(ARRAY[1], NULL), array_to_string(ARRAY[1.50, 2], ' & ');
SELECT string_to_array('a,b,,c', ','), string_to_array('abc', NULL), string_to_array('a,x,b', ',', 'x'), string_to_array('', ','), string_to_array('abc', '');
SELECT string_to_array('a--b--', '--'), string_to_array(NULL, ','), string_to_array('a b', ' ', NULL), string_to_array('äöü', NULL);
SELECT array_append(ARRAY[[1]], 2);
SELECT array_prepend(1, ARRAY[[1]]);
SELECT array_position(ARRAY[[1]], 1);
SELECT array_position(ARRAY[1], 1, NULL);
SELECT array_remove(ARRAY[[1]], 1);
SELECT array_length(ARRAY[1]);
SELECT array_length(1, 1);
SELECT cardinality(1);
SELECT array_cat(ARRAY[1], ARRAY['a']);
SELECT array_append(ARRAY[1], 'x'::text);
