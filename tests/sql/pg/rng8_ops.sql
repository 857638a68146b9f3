-- range types: functions and operators
SELECT lower(int4range(1,5)), upper(int4range(1,5)), lower(numrange(1.5,2.5,'(]')), upper('(,3]'::numrange), lower('empty'::int4range), upper('[2,)'::int4range);
SELECT lower(daterange('2020-01-01','2020-02-01')), upper(tsrange('2020-01-01','2020-01-02')), pg_typeof(lower(int8range(1,2)));
SELECT isempty('empty'::int4range), isempty(int4range(1,2)), isempty(int4range(1,1));
SELECT lower_inc(r), upper_inc(r), lower_inf(r), upper_inf(r) FROM (VALUES ('[1,5)'::numrange), ('(1,5]'), ('(,)'), ('empty'), ('[1,1]')) v(r);
SELECT int4range(1,5) = int4range(1,5), int4range(1,5) <> int4range(1,6), int4range(1,5) < int4range(1,6), int4range(1,5) < int4range(2,3);
SELECT 'empty'::int4range < int4range(1,2), '(,1)'::int4range < '[0,1)'::int4range, '[1,)'::int4range > '[1,5)'::int4range, numrange(1.0,2) = numrange(1.00,2.0);
SELECT int4range(1,10) @> int4range(2,3), int4range(1,10) @> 10, int4range(1,10) @> 9, int4range(1,10) @> 'empty'::int4range, 'empty'::int4range @> 'empty'::int4range;
SELECT int4range(2,3) <@ int4range(1,10), 5 <@ int4range(1,10), 0 <@ int4range(1,10), int8range(1,5) @> 3, numrange(1,2) @> 1.5, numrange(1,2,'()') @> 1;
SELECT daterange('2020-01-01','2020-02-01') @> '2020-01-15'::date, tsrange('2020-01-01','2020-01-02') @> '2020-01-01 12:00'::timestamp, '2020-03-01'::date <@ daterange('2020-01-01','2020-02-01');
SELECT int4range(1,5) && int4range(4,8), int4range(1,5) && int4range(5,8), numrange(1,5,'[]') && numrange(5,8), 'empty'::int4range && '(,)'::int4range;
SELECT int4range(1,5) << int4range(5,8), int4range(1,5) << int4range(4,8), int4range(5,8) >> int4range(1,5), int4range(5,8) >> int4range(1,6);
SELECT int4range(1,5) &< int4range(2,5), int4range(1,6) &< int4range(2,5), int4range(2,5) &> int4range(1,6), int4range(0,5) &> int4range(1,6);
SELECT int4range(1,5) -|- int4range(5,8), int4range(1,5) -|- int4range(6,8), numrange(1,5) -|- numrange(5,8), numrange(1,5,'[]') -|- numrange(5,8), numrange(1,5,'[]') -|- numrange(5,8,'(]'), numrange(5,8) -|- numrange(1,5);
SELECT int4range(1,5) + int4range(3,8), int4range(1,5) + int4range(5,8), int4range(1,5) + 'empty', numrange(1,2) + numrange(2,3), numrange(1,2,'[]') + numrange(2,3,'()'), '(,3)'::int4range + '[2,)';
SELECT int4range(1,5) + int4range(6,8);
SELECT numrange(1,2) + numrange(2,3,'()');
SELECT int4range(1,5) * int4range(3,8), int4range(1,5) * int4range(6,8), numrange(1,5,'[]') * numrange(5,8), '(,)'::int4range * int4range(2,3), 'empty'::int4range * '(,)';
SELECT int4range(1,10) - int4range(5,15), int4range(1,10) - int4range(-5,5), int4range(1,10) - int4range(0,20), int4range(1,10) - int4range(20,30), int4range(1,10) - 'empty', numrange(1,10) - numrange(5,10,'[]');
SELECT numrange(1,10,'[]') - numrange(1,5), '(,)'::int4range - '[0,)', '(,)'::int4range - '(,0)', daterange('2020-01-01','2020-12-31') - daterange('2020-06-01', NULL);
SELECT int4range(1,10) - int4range(3,5);
SELECT range_merge(int4range(1,5), int4range(7,9)), range_merge('empty'::int4range, int4range(2,3)), range_merge(numrange(1,2), numrange(1,2));
SELECT 'empty'::int4range - int4range(1,2), int4range(1,2) - int4range(1,2);
-- ORDER BY, GROUP BY, DISTINCT, joins, table storage, COPY
CREATE TABLE rr (id int, r int4range, n numrange, d daterange);
INSERT INTO rr VALUES (1, '[1,5)', '[1.5,2]', '[2020-01-01,2020-02-01)'),
  (2, '(0,4]', '[1.50,2.0]', 'empty'), (3, 'empty', NULL, '(,2020-01-01]'), (4, NULL, '(,)', NULL),
  (5, '(,3)', '(1,2)', '[2020-01-01,)'), (6, '[1,)', '[1.5,2]', '[2019-12-31,2020-01-31]');
SELECT * FROM rr ORDER BY r, id;
SELECT * FROM rr ORDER BY r DESC NULLS LAST, id;
SELECT n, count(*) FROM rr GROUP BY n ORDER BY n;
SELECT DISTINCT d FROM rr ORDER BY d;
SELECT a.id, b.id FROM rr a JOIN rr b ON a.r = b.r AND a.id < b.id ORDER BY 1, 2;
SELECT a.id, b.id FROM rr a JOIN rr b ON a.n = b.n WHERE a.id < b.id ORDER BY 1, 2;
SELECT id FROM rr WHERE r @> 2 ORDER BY id;
SELECT id, r * '[2,10)' FROM rr WHERE r && '[2,10)' ORDER BY id;
SELECT id FROM rr WHERE d @> '2020-01-15'::date ORDER BY id;
UPDATE rr SET r = r + '[0,10)' WHERE id = 1;
SELECT id, r, lower(r), upper(r) FROM rr WHERE id IN (1, 3) ORDER BY id;
\d rr
COPY rr TO STDOUT;
CREATE TABLE rc (r int8range, t tstzrange);
COPY rc FROM STDIN;
[1,10)	["2020-01-01 00:00:00+00","2020-01-02 00:00:00+00")
(5,7]	\N
empty	empty
\.
SET TIME ZONE 'UTC';
SELECT * FROM rc ORDER BY r;
SELECT r, count(*) FROM (VALUES (int4range(1,3)), (int4range(1,2,'[]')), (int4range(0,2,'(]')), (int4range(2,3))) v(r) GROUP BY r ORDER BY r;
SELECT max(r) FROM rr;
DROP TABLE rr;
DROP TABLE rc;
