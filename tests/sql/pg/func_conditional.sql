-- IS [NOT] DISTINCT FROM, NULLIF, GREATEST / LEAST, COALESCE's common types
CREATE TABLE cond (i int, n numeric, f float8, t text, v varchar(5), b bool, s int2, g int8);
INSERT INTO cond VALUES (1, 1.0, 1, 'x', 'x', true, 1, 1), (2, NULL, 'NaN', NULL, 'y', NULL, 2, NULL),
  (NULL, 3, NULL, 'y', NULL, false, NULL, 30000000000), (4, 4.50, 4.5, 'abc', 'abd', true, -4, -4);
SELECT 1 IS DISTINCT FROM 2, 1 IS DISTINCT FROM 1, NULL IS DISTINCT FROM 1, NULL IS NOT DISTINCT FROM NULL;
SELECT 'a' IS DISTINCT FROM 'a', 1 IS DISTINCT FROM 1.0, 1.0 IS NOT DISTINCT FROM 1.00, 'NaN'::float8 IS DISTINCT FROM 'NaN';
SELECT i, n, i IS DISTINCT FROM n AS d, i IS NOT DISTINCT FROM n AS nd, f IS DISTINCT FROM 'NaN' AS fnan,
       t IS DISTINCT FROM v AS tv, b IS NOT DISTINCT FROM true AS bt, s IS DISTINCT FROM g AS sg
  FROM cond ORDER BY i;
SELECT count(*) FROM cond WHERE t IS DISTINCT FROM 'x';
SELECT count(*) FROM cond WHERE t IS NOT DISTINCT FROM NULL;
SELECT 1 IS DISTINCT FROM 'a'::text;
SELECT 1 IS NOT DISTINCT FROM true;
SELECT 1 IS DISTINCT FROM 'abc';
-- NULLIF: the type is the first argument's, after the = operator's conversions
SELECT NULLIF(1, 1), NULLIF(1, 2), NULLIF('a', 'a'), NULLIF('a', 'b'), NULLIF(NULL, 1), NULLIF(1, NULL);
SELECT NULLIF(1, 1.0), NULLIF(2, 1.5), NULLIF(1.50, 1.5), NULLIF(3::float8, 3), NULLIF(true, false);
SELECT i, NULLIF(i, 1), NULLIF(n, 3), NULLIF(t, 'x'), NULLIF(v, 'y'), NULLIF(f, 'NaN') FROM cond ORDER BY i;
SELECT NULLIF(1, 'a'::text);
SELECT NULLIF(1, 'a');
SELECT NULLIF('x', 2);
SELECT sum(NULLIF(i, 2)), count(NULLIF(t, 'y')) FROM cond;
-- GREATEST / LEAST: NULLs are ignored, the common type of every argument
SELECT GREATEST(1, 2, 3), LEAST(1, 2, 3), GREATEST(1, NULL, 3), LEAST(NULL, 2), GREATEST(NULL, NULL);
SELECT GREATEST(1, 2.5), LEAST(1, 2.5, 0.25), GREATEST(1, 2.5, 3::float8), LEAST(1::int2, 2::int8);
SELECT GREATEST('a', 'b'), LEAST('abc', 'abd', 'ab'), GREATEST('x'::varchar(3), 'yy'), LEAST(true, false);
SELECT GREATEST('NaN'::float8, 1), LEAST('NaN'::float8, 1), GREATEST('NaN'::numeric, 'Infinity'), LEAST(1.0, 1.00);
SELECT GREATEST(1, '2'), LEAST('3', 2.5), GREATEST('Infinity'::numeric, 5);
SELECT i, GREATEST(i, n, f), LEAST(i, n), GREATEST(t, v), LEAST(s, g, i) FROM cond ORDER BY i;
SELECT GREATEST(1, 'a'::text);
SELECT LEAST(1, 'a');
SELECT GREATEST(1, true);
SELECT LEAST(max(i), min(n)) FROM cond;
-- COALESCE's common types
SELECT COALESCE(NULL, 1, 2), COALESCE(1, 2.5), COALESCE(NULL, 2.5, 3::float8), COALESCE(NULL, 'x'), COALESCE(1, '2');
SELECT COALESCE(NULL::int, 2.50), COALESCE(i, n, f) FROM cond ORDER BY 2;
SELECT COALESCE(1, 'a'::text);
SELECT COALESCE('a'::text, 1);
SELECT COALESCE(1, true);
SELECT COALESCE(1, 'x');
SELECT NULLIF(1::real, 1), NULLIF(1.5::real, 2::float8), GREATEST(1.5::real, 2), 1.1::real IS DISTINCT FROM 1.1::float8, 1.5::real IS NOT DISTINCT FROM 1.5, LEAST(2::real, 1.5), GREATEST(1::real, 'NaN');
