-- ARRAY[...] constructors, subscripts and slices, op ANY / ALL (array) with NULLs,
-- @> <@ && ||, comparisons of arrays, and their errors.
SELECT ARRAY[1,2,3], ARRAY['a','b c',NULL], ARRAY[1,2.5], ARRAY[NULL], ARRAY[NULL,1];
SELECT ARRAY[[1,2],[3,4]], ARRAY[ARRAY[1,2],ARRAY[3,4]], ARRAY[ARRAY[1.5],ARRAY[2]];
SELECT ARRAY[ARRAY['a']], ARRAY[[[1]],[[2]]], ARRAY['{1,2}'::int[], '{3,4}'];
SELECT ARRAY[1,2]::text[], ARRAY[1.6,2.4]::int[], ARRAY[[1,2],[3,4]]::text[];
SELECT array[];
SELECT ARRAY[1,'a'];
SELECT ARRAY[1, 'x'::text];
SELECT ARRAY[[1,2],[3]];
SELECT ARRAY[ARRAY[1,2],ARRAY[3]];
SELECT ARRAY['x']::int[];
-- subscripts and slices
CREATE TABLE arr (id int, a int[], t text[], m int[]);
INSERT INTO arr VALUES (1, '{1,2,3,4,5}', '{a,b,c}', '{{1,2,3},{4,5,6}}'),
  (2, '{10,NULL,30}', '{x}', '{{7}}'), (3, NULL, NULL, NULL), (4, '{}', '{}', '{}'),
  (5, '[0:2]={100,200,300}', '{"q r",NULL}', '[2:3][1:1]={{8},{9}}');
SELECT id, a[1], a[2], a[0], a[6], t[1], m[2][3], m[1], m[1][1][1] FROM arr ORDER BY id;
SELECT id, a[2:3], a[:2], a[3:], a[:], a[4:2], a[-5:1], m[1:1], m[2:2][2:3], m[1:2][2] FROM arr ORDER BY id;
SELECT a[NULL], a[1:NULL], a[1.6], a['2'] FROM arr WHERE id = 1;
SELECT (ARRAY[1,2,3])[2], (ARRAY[[1,2],[3,4]])[2][1], ('{a,b}'::text[])[2];
SELECT (1)[1];
SELECT a['x'] FROM arr;
SELECT a[true] FROM arr;
-- op ANY / ALL
SELECT 2 = ANY(ARRAY[1,2,3]), 5 = ANY(ARRAY[1,2]), 5 = ANY(ARRAY[1,NULL]), 1 = ANY(ARRAY[1,NULL]);
SELECT 1 <> ALL(ARRAY[2,3]), 1 <> ALL(ARRAY[2,NULL]), 2 <> ALL(ARRAY[2,NULL]), 1 = ALL('{}'::int[]);
SELECT NULL::int = ANY(ARRAY[1]), NULL::int = ANY('{}'::int[]), NULL::int = ALL('{}'::int[]), 1 = ANY(NULL::int[]);
SELECT 3 > ANY(ARRAY[1,5]), 3 > ALL(ARRAY[1,5]), 3 >= ALL(ARRAY[1,3]), 3 < SOME(ARRAY[1,5]), 3 <= ANY(ARRAY[1,2]);
SELECT 'b' = ANY('{a,b}'), 2 = ANY('{1,2}'), 2.0 = ANY(ARRAY[1,2]), 2::bigint = ANY(ARRAY[1,2]), 1.5 = ANY(ARRAY[1,2]);
SELECT 'b'::varchar = ANY(ARRAY['a','b']::text[]), 'x' = ANY(ARRAY['a','b']::varchar[]);
SELECT id FROM arr WHERE 2 = ANY(a) OR 'x' = ANY(t) ORDER BY id;
SELECT id FROM arr WHERE 30 <> ALL(a) ORDER BY id;
SELECT 1 = ANY(1);
SELECT 1 + ANY(ARRAY[1]);
SELECT 1 = ANY(ARRAY['a']);
-- containment and overlap
SELECT ARRAY[1,2,3] @> ARRAY[1,3], ARRAY[1,2] @> ARRAY[1,4], ARRAY[1,2] <@ ARRAY[1,2,3], ARRAY[1] <@ '{}';
SELECT ARRAY[1,2] && ARRAY[2,3], ARRAY[1,2] && ARRAY[3], ARRAY[1,NULL] @> ARRAY[1], ARRAY[1] @> ARRAY[NULL::int];
SELECT '{}'::int[] @> '{}', ARRAY[[1,2],[3,4]] @> ARRAY[4], ARRAY[1,1] <@ ARRAY[1], NULL::int[] && ARRAY[1];
SELECT id FROM arr WHERE a @> '{2}' OR t && '{x}' ORDER BY id;
SELECT ARRAY[1] @> ARRAY[1::bigint];
-- concatenation
SELECT ARRAY[1,2] || ARRAY[3], ARRAY[1,2] || 3, 0 || ARRAY[1,2], ARRAY[1] || NULL::int, NULL::int[] || ARRAY[1];
SELECT ARRAY[1,2] || '{3,4}', '{0}' || ARRAY[1], ARRAY[[1,2]] || ARRAY[3,4], ARRAY[1,2] || ARRAY[[3,4]];
SELECT ARRAY[[1,2]] || ARRAY[[3,4]], '{}'::int[] || ARRAY[1], ARRAY[1] || '{}'::int[], ARRAY[1,2] || 1.5;
SELECT 'a' || ARRAY['b'], ARRAY['a'] || 'b'::text, ARRAY['a'] || ARRAY['b']::varchar[], '[0:1]={1,2}'::int[] || 3;
SELECT 3 || '[0:1]={1,2}'::int[], '[0:0]={1}'::int[] || '[5:5]={2}'::int[], NULL::int[] || NULL::int[];
SELECT ARRAY[[1,2]] || ARRAY[[1]];
SELECT ARRAY[[1,2]] || ARRAY[1];
SELECT ARRAY[[[1]]] || ARRAY[1];
SELECT ARRAY[1] || ARRAY['a'];
-- comparisons
SELECT ARRAY[1,2] = ARRAY[1,2], ARRAY[1,2] < ARRAY[1,3], '{1,2}'::int[] <> ARRAY[1,2], ARRAY[1,2] < ARRAY[1,2,0];
SELECT ARRAY[1,NULL] = ARRAY[1,NULL], ARRAY[1,NULL] > ARRAY[1,5], ARRAY[[1,2]] > ARRAY[1,2], '[0:1]={1,2}'::int[] = ARRAY[1,2];
SELECT ARRAY[1.0] = ARRAY[1.00], ARRAY['a'] < ARRAY['b'], ARRAY[2] >= '{1,9}', '{}'::int[] < ARRAY[1];
SELECT ARRAY[1] = ARRAY[1::bigint];
SELECT ARRAY[1] = 1;
-- IN lists of arrays (compared one by one: no hash set over encoded arrays)
SELECT ARRAY[1] IN (ARRAY[1], ARRAY[2]), ARRAY[3] NOT IN ('{1}', '{2}'), ARRAY[1] IN (ARRAY[2], NULL);
SELECT x FROM (VALUES (ARRAY[1]), (ARRAY[2])) v(x) UNION SELECT ARRAY[1] ORDER BY 1;
SELECT count(DISTINCT a) FROM (VALUES (ARRAY[1]), (ARRAY[1]), (NULL)) v(a);
SELECT min(a), max(a) FROM (VALUES ('{1,2}'::int[]), ('{1,3}')) v(a);
SELECT coalesce(NULL::int[], '{1}'), CASE WHEN true THEN ARRAY[1] ELSE '{2}' END;
-- [NOT] LIKE / ILIKE with ANY / ALL over text arrays
SELECT 'abc' LIKE ANY (ARRAY['a%', 'x']), 'abc' LIKE ALL (ARRAY['a%', 'x']), 'abc' NOT LIKE ALL (ARRAY['x%', 'y%']);
SELECT 'ABC' ILIKE ANY (ARRAY['a%']), 'abc' ILIKE ALL (ARRAY['A%', '%C']), 'abc' NOT ILIKE ANY (ARRAY['A%', 'q']);
SELECT 'abc' LIKE ANY (ARRAY[NULL, 'a%']), 'abc' LIKE ANY (ARRAY[NULL, 'x%']), NULL LIKE ANY (ARRAY['a']), 'a' LIKE ANY ('{}'::text[]);
SELECT 'abc' ~~ ANY ('{a%,b%}'), 'abc'::varchar LIKE ANY (ARRAY['%c']::varchar[]);
SELECT id, t FROM arr WHERE t[1] LIKE ANY (ARRAY['a%', 'x%']) ORDER BY id;
SELECT 1 LIKE ANY (ARRAY[1]);
SELECT 'a' LIKE ANY (ARRAY['a\']);
DROP TABLE arr;
