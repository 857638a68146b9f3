-- count / sum / avg / min / max as registered aggregates: moving numeric sums and averages
-- (the registered sum's inverse: scales shrink when the value of the largest scale leaves
-- the frame, NaN and infinities enter and leave), sum / avg over interval, integer sums
-- and averages as numeric, and grouped and ungrouped forms
CREATE TABLE mv (id int, x numeric, i bigint, d interval);
INSERT INTO mv VALUES (1, 1.50, 10, '1 day'), (2, 2, 20, '2 hours'), (3, 3.125, NULL, NULL),
  (4, NULL, 40, '-3 days'), (5, 4, 50, '1 mon'), (6, 'NaN', 60, '10 minutes'), (7, 5.5, 70, '1 year'),
  (8, 'Infinity', 80, '1 day 1 hour'), (9, 6, 90, '30 seconds'), (10, '-Infinity', 100, '2 days'),
  (11, 7.25, 110, '1 hour'), (12, 8, 120, '5 days'), (13, 9, 130, '-1 day');
SELECT id, x, sum(x) OVER w AS sum, avg(x) OVER w AS avg, count(x) OVER w AS count
FROM mv WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) AS sum,
  avg(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING) AS avg
FROM mv ORDER BY id;
SELECT id, sum(i) OVER w AS sum, avg(i) OVER w AS avg, sum(d) OVER w AS dsum, avg(d) OVER w AS davg
FROM mv WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT sum(d), avg(d), min(d), max(d), count(d) FROM mv;
SELECT id % 3 AS g, sum(d), avg(d), sum(x), avg(i), min(x), max(x) FROM mv GROUP BY 1 ORDER BY 1;
SELECT sum(x) FILTER (WHERE id < 6), avg(x) FILTER (WHERE id < 6), count(*) FILTER (WHERE x > 2) FROM mv;
SELECT sum(DISTINCT i % 3), avg(DISTINCT i % 3), count(DISTINCT i % 3) FROM mv;
SELECT sum(x ORDER BY id DESC), min(x ORDER BY id), count(* ) FROM mv WHERE id < 6;
SELECT sum(x) FROM mv WHERE false;
SELECT count(*), count(x), sum(i), min(d) FROM mv WHERE false;
SELECT pg_typeof(sum(i)), pg_typeof(avg(i)), pg_typeof(sum(d)), pg_typeof(min(x)) FROM mv;
SELECT sum(i::int) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM mv ORDER BY id;
-- bool_and / bool_or / every: registered too, moving frames through their exact inverse
CREATE TABLE bw (id int, b bool);
INSERT INTO bw VALUES (1, true), (2, true), (3, false), (4, NULL), (5, true), (6, true), (7, true),
  (8, NULL), (9, NULL), (10, false), (11, true);
SELECT id, b, bool_and(b) OVER w AS band, bool_or(b) OVER w AS bor, every(b) OVER w AS ev
FROM bw WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id % 2 AS g, bool_and(b), bool_or(b), every(b), bool_and(b) FILTER (WHERE id > 4) FROM bw GROUP BY 1 ORDER BY 1;
SELECT bool_and('t'), bool_or(NULL::bool), every(b ORDER BY id) FROM bw;
SELECT bool_or(id) FROM bw;
