-- range types: resolution rules, conditionals, json, unique keys, infinities, time zones
SELECT isempty('empty');
SELECT lower('[1,2)');
SELECT greatest(int4range(1,2), int4range(0,5)), least('[1,2)'::int4range, 'empty');
SELECT to_json(int4range(1,2)), to_jsonb(numrange(1,2)), json_build_array(daterange('2020-01-01','2020-01-02'));
SELECT int4range(1,2)::int8range;
SELECT '[1,2)'::int4range::varchar, CAST(int4range(1,2) AS text);
SELECT int4range(1,5) @> '3';
SELECT int4range(1,5) @> int8range(1,2);
SELECT range_merge(int4range(1,2), int8range(1,2));
SELECT numrange(1, 'NaN'), numrange('NaN','NaN','[]'), '[1,NaN]'::numrange @> 'NaN'::numeric;
SELECT r FROM (VALUES (int4range(1,3)), ('[2,5)'), (NULL), ('empty')) v(r) WHERE r IN ('[1,3)', 'empty') ORDER BY r;
SELECT COALESCE(NULL::int4range, '[1,2)'), CASE WHEN true THEN int4range(1,2) ELSE 'empty' END;
SELECT int4range(1,2) UNION SELECT '[1,2]' UNION SELECT 'empty' ORDER BY 1;
CREATE TABLE pk (r int4range PRIMARY KEY, v text);
INSERT INTO pk VALUES ('[1,2)', 'a'), ('[2,3)', 'b');
INSERT INTO pk VALUES ('[1,1]', 'c');
SELECT * FROM pk WHERE r = '[1,2)';
SELECT r, row_number() OVER (ORDER BY r DESC) FROM pk;
DROP TABLE pk;
SELECT min(int4range(1,2));
SELECT int4range(1,2) - 1;
SELECT int4range(1,2) @> 1.5;
SELECT '["2020-01-01 10:00+05","2020-01-02 00:00+00")'::tstzrange;
SET TIME ZONE 'America/New_York';
SELECT '["2020-01-01 10:00+05","2020-01-02 00:00+00")'::tstzrange, tstzrange('2020-06-01', '2020-06-02');
SELECT upper_inf(int4range(1,NULL)), lower_inf('(,)'::daterange), lower_inc('[,5)'::int4range);
SELECT int4range(-2147483648, -2147483648, '[]'), int4range(-2147483648, NULL, '()'), int8range(-9223372036854775808, 0);
SELECT daterange('infinity', 'infinity', '[]'), daterange('-infinity', '2020-01-01', '()'), daterange('2020-01-01', 'infinity', '(]');
SELECT 'empty'::daterange = 'empty', int4range(3,3) = 'empty';
SELECT pg_typeof(int4range(1,2) + int4range(2,3)), pg_typeof(upper(tstzrange(now(), NULL)));
-- hashing: joins, IN (subquery), grouping over many rows
SELECT count(*) FROM generate_series(1,100) g JOIN (SELECT int4range(g2, g2 + 1) r FROM generate_series(1,50) g2) s ON int4range(g, g + 1, '[)') = s.r;
SELECT count(*) FROM generate_series(1,100) g WHERE numrange(g, g + 1) IN (SELECT numrange(g2 * 2, g2 * 2 + 1.0) FROM generate_series(1,30) g2);
SELECT int4range(g % 3, 5) r, count(*) FROM generate_series(1,9) g GROUP BY 1 ORDER BY 1;
SELECT count(DISTINCT daterange('2020-01-01'::date + g % 4, NULL)) FROM generate_series(1,40) g;
-- arrays of ranges
SELECT array_agg(r ORDER BY r) FROM (VALUES (int4range(3,4)), ('empty'), ('[1,9)')) v(r);
SELECT unnest('{"[1,2)","(,)"}'::int4range[]), '{"[1,2)"}'::int4range[] @> ARRAY[int4range(1,2)], array_length('{empty,empty}'::daterange[], 1);
SELECT '{"[\"2020-01-01 00:00\",\"2020-01-02 00:00\")"}'::tsrange[];
CREATE TABLE ra (a int4range[], t tsrange);
INSERT INTO ra VALUES ('{"[1,2)",NULL,empty}', '[2020-01-01,2020-01-02)'), (ARRAY[int4range(5,NULL)], NULL);
SELECT a, a[1] AS first, t FROM ra ORDER BY a;
\d ra
DROP TABLE ra;
SELECT int4range(1,2)::int4range(3);
CREATE TABLE rt (r int4range(3));
