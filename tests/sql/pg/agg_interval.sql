-- sum(interval) and avg(interval): field-by-field sums, the average cascading fractions of
-- months and days down, NULLs skipped, no rows NULL, 22008 on overflow, with GROUP BY,
-- DISTINCT, FILTER and OVER
CREATE TABLE ai (g int, t int, iv interval);
INSERT INTO ai VALUES (1, 1, '1 day'), (1, 2, '2 hours'), (1, 3, NULL), (2, 4, '1 mon'), (2, 5, '-3 days'), (3, 6, '10 min'), (3, 7, '10 min'), (4, 8, '1 year 1 mon 1 day 00:00:01.5');
SELECT sum(iv), avg(iv), count(iv) FROM ai;
SELECT g, sum(iv), avg(iv) FROM ai GROUP BY g ORDER BY g;
SELECT sum(DISTINCT iv), avg(DISTINCT iv) FROM ai;
SELECT sum(iv) FILTER (WHERE t > 3), avg(iv) FILTER (WHERE g = 1) FROM ai;
SELECT sum(iv), avg(iv) FROM ai WHERE t > 100;
SELECT avg(v) FROM (VALUES ('1 mon'::interval), ('1 day'), ('1 second')) s(v);
SELECT avg(v), sum(v) FROM (VALUES ('-1 mon'::interval), ('1 mon 1 day')) s(v);
SELECT pg_typeof(sum(iv)), pg_typeof(avg(iv)) FROM ai;
SELECT t, sum(iv) OVER (ORDER BY t ROWS 1 PRECEDING), avg(iv) OVER (ORDER BY t ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM ai ORDER BY t;
SELECT t, sum(iv) OVER (PARTITION BY g), avg(iv) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 PRECEDING) FROM ai ORDER BY t;
SELECT sum(v) FROM (VALUES ('178000000 years'::interval), ('178000000 years')) s(v);
SELECT avg(v) FROM (VALUES ('2147483647 days'::interval), ('1 day')) s(v);
SELECT sum(x) FROM (VALUES ('1 day'), ('2 days')) s(x);
