-- range types: input, output, canonical forms, quoting, errors
SELECT '[1,5)'::int4range, '(1,5]'::int4range, '[1,5]'::int4range, '(1,5)'::int4range;
SELECT '(,)'::int4range, '[,]'::int4range, '(,5]'::int4range, '[3,)'::int4range;
SELECT 'empty'::int4range, '  EMPTY  '::int8range, '[5,5)'::int4range, '(5,5]'::int4range, '[5,5]'::int4range, '(4,5)'::int4range;
SELECT '[ 1 , 5 )'::int4range, ' [1,5) '::int8range, '["1","5")'::int4range;
SELECT '[1.5,2.25)'::numrange, '(1.0,2.00]'::numrange, '[1.5,1.5]'::numrange, '(,1e3)'::numrange;
SELECT '[2020-01-01,2020-02-01]'::daterange, '(2020-01-01,2020-02-01)'::daterange, '[-infinity,infinity]'::daterange;
SELECT '["2020-01-01 10:00","2020-01-02 11:30")'::tsrange, '[2020-01-01,2020-01-02]'::tsrange;
SET TIME ZONE 'UTC';
SELECT '["2020-01-01 10:00+02",)'::tstzrange;
SELECT '[-infinity,infinity]'::tsrange, '["",)'::int4range IS NULL;
SELECT '[1,5)'::int4range::text, '[1,5)'::text::int4range, pg_typeof('[1,5)'::int4range);
SELECT int4range(1,5), int4range(1,5,'[]'), int4range(1,5,'()'), int4range(1,5,'(]'), int4range(NULL,5), int4range(1,NULL,'[]'), int4range(NULL,NULL);
SELECT int8range(1,5), int8range(10000000000,20000000000,'(]'), numrange(1.5,2), numrange(1,2,'[]'), numrange(NULL,3);
SELECT daterange('2020-01-01','2020-01-31'), daterange('2020-01-01','2020-01-31','[]'), daterange('2020-01-01',NULL,'(]');
SELECT tsrange('2020-01-01','2020-01-02'), tsrange('2020-01-01 10:00', NULL, '(]'), tstzrange('2020-01-01 00:00+00','2020-01-02 00:00+00','[]');
SELECT int4range(5,5), int4range(5,5,'[]'), int4range(5,6,'()'), numrange(5,5), numrange(5,5,'[]');
SELECT int4range(NULL::int, NULL::int) IS NULL, int4range(1, 2, NULL::text);
SELECT int4range(2,1);
SELECT numrange(2.5,1);
SELECT '[5,1)'::int4range;
SELECT int4range(1,2,'[[');
SELECT int4range(1,2,'[)x');
SELECT int4range(1,2147483647,'[]');
SELECT int4range(2147483647,NULL,'(]');
SELECT int8range(1,9223372036854775807,'[]');
SELECT 'emptyx'::int4range;
SELECT '1,5'::int4range;
SELECT '[1;5)'::int4range;
SELECT '[1,5,7)'::int4range;
SELECT '[1,5) x'::int4range;
SELECT '[1,5'::int4range;
SELECT '["1,5)'::int4range;
SELECT '[1\'::int4range;
SELECT '[a,5)'::int4range;
SELECT '[1.5,2)'::int4range;
SELECT '[2020-13-01,)'::daterange;
SELECT ''::int4range;
-- quoting on output
SELECT '["a b",)'::tsrange;
SELECT tsrange('2020-01-01 10:00', '2020-01-01 11:00');
SELECT '[1,5)'::int4range = int4range(1,5), '[1,5]'::int4range = int4range(1,6);
-- NULLs
SELECT NULL::int4range, lower(NULL::int4range), isempty(NULL::numrange), NULL::int4range @> 3;
-- arrays of ranges
SELECT '{"[1,2)","(3,5]",empty}'::int4range[], ARRAY[int4range(1,2), NULL, 'empty'];
SELECT ('{"[1,2)","[3,4)"}'::int4range[])[2], pg_typeof('{}'::numrange[]);
SELECT ARRAY['[2020-01-01,2020-01-05)'::daterange];
SELECT '{"[1,2)"}'::int4range[] = '{"[1,1]"}'::int4range[];
