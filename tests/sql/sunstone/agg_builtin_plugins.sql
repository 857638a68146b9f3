-- count, sum, avg, min, max, bool_and, bool_or, every, string_agg and array_agg are registered aggregates of the aggregate operator module
-- (operators/aggregate/agg_builtin.c): sunstone_plugins lists them with that module, and
-- the three frame algorithms give the same text (scales included) for moving numeric sums,
-- which the incremental one computes with the registered sum's inverse
SELECT name, kind, experimental, regexp_replace(path, '^.*/', '') AS module
FROM sunstone_plugins WHERE name IN ('count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every',
  'string_agg', 'array_agg') ORDER BY name;
CREATE TABLE mv (id int, x numeric, i bigint);
INSERT INTO mv SELECT g, CASE WHEN g % 13 = 0 THEN NULL WHEN g % 5 = 0 THEN (g % 7)::numeric
  WHEN g % 3 = 0 THEN ((g * 17) % 29)::numeric / 100 ELSE ((g * 31) % 23)::numeric / 10 END,
  CASE WHEN g % 4 = 0 THEN NULL ELSE g * 1000000000000 END FROM generate_series(1, 200) g;
INSERT INTO mv VALUES (201, 'NaN', 1), (202, 5, 2), (203, 'Infinity', 3), (204, 1.125, 4), (205, 2, 5),
  (206, '-Infinity', 6), (207, 3, 7), (208, 4, 8), (209, 5, 9), (210, 6, 10);
CREATE VIEW mv_q AS SELECT id,
  (sum(x) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW))::text a,
  (avg(x) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING))::text b,
  (sum(i) OVER (ORDER BY id ROWS BETWEEN 5 PRECEDING AND 1 PRECEDING))::text c,
  (avg(i) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 6 FOLLOWING))::text d,
  (sum(x) FILTER (WHERE id % 2 = 0) OVER (ORDER BY id ROWS BETWEEN 4 PRECEDING AND 4 FOLLOWING))::text e
FROM mv;
SET sunstone.window_frame_algorithm = naive;
CREATE TABLE r_naive AS SELECT * FROM mv_q;
SET sunstone.window_frame_algorithm = incremental;
CREATE TABLE r_inc AS SELECT * FROM mv_q;
SET sunstone.window_frame_algorithm = segment_tree;
CREATE TABLE r_tree AS SELECT * FROM mv_q;
SET sunstone.window_frame_algorithm = auto;
CREATE TABLE r_auto AS SELECT * FROM mv_q;
SELECT count(*) FROM r_naive;
SELECT count(*) AS naive_not_inc FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_inc) s;
SELECT count(*) AS inc_not_naive FROM (SELECT * FROM r_inc EXCEPT ALL SELECT * FROM r_naive) s;
SELECT count(*) AS naive_not_tree FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_tree) s;
SELECT count(*) AS naive_not_auto FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_auto) s;
