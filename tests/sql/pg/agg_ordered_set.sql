-- Ordered-set aggregates (the agg_ordered_set module): percentile_cont, percentile_disc and
-- mode WITHIN GROUP, ascending and descending, over groups, with NULLs, FILTER, empty input,
-- integer and float arguments, and PostgreSQL's errors.
CREATE TABLE o (g int, x float8, i int, d date);
INSERT INTO o VALUES (1, 1.5, 3, '2020-01-03'), (1, 2.5, 3, '2020-01-01'), (1, NULL, NULL, NULL), (1, 10, 7, '2020-01-03'),
  (2, 4, 1, '2021-05-05'), (2, 4, 2, '2021-05-05'), (2, -1, 2, '2021-06-01'), (3, NULL, NULL, NULL);
SELECT g, percentile_cont(0.5) WITHIN GROUP (ORDER BY x), percentile_cont(0.25) WITHIN GROUP (ORDER BY x DESC),
       percentile_disc(0.5) WITHIN GROUP (ORDER BY x), mode() WITHIN GROUP (ORDER BY i), mode() WITHIN GROUP (ORDER BY d)
FROM o GROUP BY g ORDER BY g;
SELECT percentile_cont(0) WITHIN GROUP (ORDER BY i), percentile_cont(1) WITHIN GROUP (ORDER BY i),
       percentile_cont(0.3) WITHIN GROUP (ORDER BY i), percentile_disc(0) WITHIN GROUP (ORDER BY i),
       percentile_disc(1) WITHIN GROUP (ORDER BY d), percentile_disc(0.4) WITHIN GROUP (ORDER BY i DESC) FROM o;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) FILTER (WHERE g = 2), mode() WITHIN GROUP (ORDER BY x DESC) FROM o;
SELECT percentile_cont(NULL) WITHIN GROUP (ORDER BY x), percentile_disc(0.5) WITHIN GROUP (ORDER BY x) FROM o WHERE false;
SELECT g, percentile_disc(0.5) WITHIN GROUP (ORDER BY i), count(*) FROM o GROUP BY g
  HAVING percentile_cont(0.5) WITHIN GROUP (ORDER BY i) > 1 ORDER BY g;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v) FROM (VALUES ('NaN'::float8), (1), ('Infinity')) t(v);
SELECT mode() WITHIN GROUP (ORDER BY v) FROM (VALUES (2), (1), (2), (1)) t(v);
-- errors
SELECT percentile_cont(1.5) WITHIN GROUP (ORDER BY x) FROM o;
SELECT percentile_disc(-0.1) WITHIN GROUP (ORDER BY x) FROM o WHERE false;
SELECT percentile_cont(0.5, 0.2) WITHIN GROUP (ORDER BY x) FROM o;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x, x) FROM o;
SELECT percentile_cont(0.5) FROM o;
SELECT sum(x) WITHIN GROUP (ORDER BY x) FROM o;
SELECT percentile_cont('a') WITHIN GROUP (ORDER BY x) FROM o;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x::text) FROM o;
SELECT mode(1) WITHIN GROUP (ORDER BY x) FROM o;
SELECT mode() FROM o;
SELECT count(*) WITHIN GROUP (ORDER BY x) FROM o;
SELECT percentile_cont($1) WITHIN GROUP (ORDER BY x) FROM o;
SELECT mode() WITHIN GROUP (ORDER BY i NULLS FIRST), percentile_disc(0.1) WITHIN GROUP (ORDER BY i DESC NULLS LAST) FROM o;
