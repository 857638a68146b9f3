-- num_nulls / num_nonnulls over arguments of any type
SELECT num_nulls(1, NULL, 'a'::text), num_nonnulls(1, NULL, 'a'::text), num_nulls(NULL), num_nonnulls(NULL::int);
SELECT num_nulls(NULL::date, NULL::jsonb, ARRAY[1], 2.5), num_nonnulls(NULL::date, NULL::jsonb, ARRAY[1], 2.5);
SELECT x, num_nulls(x, y), num_nonnulls(x, y) FROM (VALUES (1, NULL), (NULL, NULL), (3, 4)) t(x, y) ORDER BY x NULLS FIRST;
SELECT num_nulls();
