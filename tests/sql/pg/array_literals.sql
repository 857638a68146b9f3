-- Array literals: input forms, output quoting, NULL elements, nesting, explicit bounds,
-- and the errors of malformed literals (PostgreSQL's DETAIL lines).
SELECT '{1,2,3}'::int[];
SELECT '{}'::int[], '{ }'::text[];
SELECT ' { 1 , 2 } '::int[];
SELECT '{{1,2},{3,4}}'::int[];
SELECT '{{{1},{2}},{{3},{4}}}'::int[];
SELECT '{1,NULL,null,"NULL"}'::text[];
SELECT '{a b, "c d" ,"", "{}", "a,b", x\"y, "back\\slash", "q\"uote"}'::text[];
SELECT '{" lead","trail ","tab	"}'::text[];
SELECT '[0:1]={1,2}'::int[], '[1:2]={1,2}'::int[], '[-2:-1][3:4]={{1,2},{3,4}}'::int[];
SELECT '{t,false,yes,0}'::bool[];
SELECT '{1.5,NaN,-0,1e300,Infinity}'::float8[];
SELECT '{1.50,-2,0.000}'::numeric[];
SELECT '{32767,-32768}'::int2[], '{9223372036854775807}'::int8[];
SELECT '{a,b}'::varchar[], '{abc}'::varchar(2)[];
SELECT '{1,2}'::integer array, '{1,2}'::int[3], '{{1}}'::int[][];
SELECT ARRAY[]::int[], ARRAY[]::text[];
-- errors
SELECT '[1:2]={1,2'::int[];
SELECT '  {1,2'::int[];
SELECT '{1,2}x'::int[];
SELECT '{{1,2},{3}}'::int[];
SELECT 'x'::int[];
SELECT '[1:2]{1,2}'::int[];
SELECT '[1:2]={1,2,3}'::int[];
SELECT '[2:1]={}'::int[];
SELECT '[a]={1}'::int[];
SELECT '[1:]={1}'::int[];
SELECT '[1:2={1}'::int[];
SELECT '{1,{2}}'::int[];
SELECT '{{1},2}'::int[];
SELECT '{"a"b}'::text[];
SELECT '{a"b"}'::text[];
SELECT '{{}}'::int[];
SELECT '{1,,2}'::int[];
SELECT '{1,a}'::int[];
SELECT '{99999999999}'::int[];
SELECT '{{{{{{{1}}}}}}}'::int[];
SELECT '{1}}'::int[];
SELECT '{1\'::text[];
-- casts to and from text, between element types
SELECT '{1,2}'::int[]::text, ARRAY['a b', NULL]::text;
SELECT '{1,2}'::int[]::bigint[], '{1.6,2.4}'::numeric[]::int[], '{1,2}'::int[]::text[];
SELECT ARRAY['1','2']::int[], ARRAY['x']::int[];
SELECT '{1,2}'::int[]::float8[], '{1.5}'::float8[]::numeric[];
SELECT CAST('{7}' AS int[]), '{1,2}'::int[] IS NULL, NULL::int[] IS NULL;
