-- every kind of aggregate with OVER and moving frames (ROWS / RANGE / GROUPS, EXCLUDE),
-- NULLs in the arguments, empty frames: collecting aggregates over several types, the
-- statistics, bitwise and boolean families, float sums
CREATE TABLE wa (id int, p int, k int, x int, f float8, r real, n numeric, t text, b bool, d date, j jsonb, a int[]);
INSERT INTO wa VALUES
  (1, 1, 1, 5, 1.5, 0.1, 1.10, 'a', true, '2020-01-01', '{"x": 1}', '{1,2}'),
  (2, 1, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (3, 1, 2, 3, -2.25, 0.2, 2.225, 'bc', false, '2020-01-03', '[1, 2]', '{3,4}'),
  (4, 1, 4, 12, 4, 0.3, -3, 'd', true, '2020-01-04', 'null', '{5,6}'),
  (5, 1, 4, 6, 1e10, 0.7, 100.5, '', true, '2021-02-28', '"s"', '{7,NULL}'),
  (6, 2, 1, 9, 0.5, 1.5, 0.001, 'x', false, '2019-12-31', '{"a": {"b": 2}}', '{8,9}'),
  (7, 2, 3, NULL, 3, 2.5, 7, 'yy', NULL, '2020-06-15', '3', '{10,11}'),
  (8, 3, 5, 1, 2, 3.5, 1, 'z', true, '2020-01-01', 'true', '{12,13}');
-- collecting aggregates over sliding frames
SELECT id, array_agg(x) OVER w, array_agg(t) OVER w, array_agg(n) OVER w, array_agg(d) OVER w
FROM wa WINDOW w AS (PARTITION BY p ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
SELECT id, array_agg(b) OVER w, array_agg(f) OVER w, array_agg(a) FILTER (WHERE a IS NOT NULL) OVER w, array_agg(j) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, string_agg(t, ',') OVER w, string_agg(t, NULL) OVER w, string_agg(t::bytea, '-'::bytea) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) ORDER BY id;
SELECT id, json_agg(x) OVER w, jsonb_agg(t) OVER w, json_agg(j) OVER w
FROM wa WINDOW w AS (PARTITION BY p ORDER BY id RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, json_object_agg(id, x) OVER w, jsonb_object_agg(coalesce(t, '?'), n) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
-- (peers come in no defined order: the collected values are sorted afterwards)
SELECT id, (SELECT array_agg(v ORDER BY v) FROM unnest(a) v) a, (SELECT array_agg(v ORDER BY v) FROM unnest(s) v) s, c
FROM (SELECT id, array_agg(id) OVER w a, array_agg(t) OVER w s, count(*) OVER w c
      FROM wa WINDOW w AS (ORDER BY k GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING EXCLUDE TIES)) q ORDER BY id;
SELECT id, (SELECT array_agg(v ORDER BY v) FROM unnest(a) v) a, (SELECT array_agg(v ORDER BY v) FROM unnest(s) v) s, c
FROM (SELECT id, array_agg(id) OVER w a, array_agg(t) OVER w s, sum(x) OVER w c
      FROM wa WINDOW w AS (ORDER BY k RANGE BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE GROUP)) q ORDER BY id;
SELECT id, array_agg(id) OVER w, string_agg(t, '|') OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) ORDER BY id;
-- empty frames
SELECT id, array_agg(x) OVER w, string_agg(t, ',') OVER w, json_agg(x) OVER w, count(*) OVER w, sum(x) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 3 FOLLOWING AND 2 FOLLOWING) ORDER BY id;
SELECT id, array_agg(x) OVER w, bool_and(b) OVER w, stddev(x) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 5 PRECEDING AND 4 PRECEDING) ORDER BY id;
-- statistics
SELECT id, stddev(x) OVER w, variance(x) OVER w, stddev_pop(f) OVER w, var_samp(n) OVER w, var_pop(r) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) ORDER BY id;
SELECT id, stddev_samp(n) OVER w, variance(f) OVER w, stddev(x::int8) OVER w, variance(x::int2) OVER w
FROM wa WINDOW w AS (PARTITION BY p ORDER BY id ROWS UNBOUNDED PRECEDING) ORDER BY id;
SELECT id, stddev(x) OVER w, var_pop(n) OVER w
FROM wa WINDOW w AS (ORDER BY k RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) ORDER BY id;
SELECT id, corr(x, f) OVER w, covar_pop(x, k) OVER w, regr_slope(x, k) OVER w, regr_count(x, f) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) ORDER BY id;
-- bitwise and boolean
SELECT id, bit_and(x) OVER w, bit_or(x) OVER w, bit_xor(x) OVER w, bit_and(k::int2) OVER w, bit_or(id::int8) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
SELECT id, bool_and(b) OVER w, bool_or(b) OVER w, every(b) OVER w, bool_or(b) FILTER (WHERE id > 2) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, bool_and(b) OVER w, bool_or(NOT b) OVER w
FROM wa WINDOW w AS (ORDER BY k GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP) ORDER BY id;
-- sums, averages, counts, min / max of floats and reals over moving frames
SELECT id, sum(f) OVER w, avg(f) OVER w, sum(r) OVER w, avg(r) OVER w, count(f) OVER w, min(r) OVER w, max(f) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, sum(n) OVER w, avg(n) OVER w, min(t) OVER w, max(t) OVER w, min(d) OVER w, max(n) OVER w
FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING) ORDER BY id;
SELECT id, sum(x) OVER w, avg(x) OVER w, min(x) OVER w, max(t) OVER w, count(*) OVER w
FROM wa WINDOW w AS (ORDER BY k RANGE BETWEEN CURRENT ROW AND 2 FOLLOWING EXCLUDE TIES) ORDER BY id;
-- NaN and infinities in moving float sums
SELECT i, sum(v) OVER w, avg(v) OVER w, max(v) OVER w, min(v) OVER w
FROM (VALUES (1, 1::float8), (2, 'NaN'), (3, 2), (4, 'Infinity'), (5, 3), (6, '-Infinity'), (7, 4), (8, 5)) s(i, v)
WINDOW w AS (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY i;
-- errors inside frames
SELECT json_object_agg(t, x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM wa;
SELECT sum(v) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM (VALUES (1, 1e308::float8), (2, 1e308)) s(i, v);
SELECT array_agg(x ORDER BY x) OVER (ORDER BY id) FROM wa;
SELECT array_agg(DISTINCT x) OVER (ORDER BY id) FROM wa;
