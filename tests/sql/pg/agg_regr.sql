-- Regression, covariance and correlation aggregates (agg_stats) over (Y, X) pairs: groups,
-- NULL pairs skipped, integer and real arguments, constant X (NULL slope), one pair, empty
-- input, FILTER, ORDER BY and DISTINCT in the call, errors.
CREATE TABLE rg (g int, y float8, x float8, iy int, ix bigint, r real);
INSERT INTO rg VALUES (1, 1, 2, 1, 2, 0.5), (1, 3, 5, 3, 5, 1.5), (1, 4, 4.5, 4, 4, 2.5), (1, NULL, 1, NULL, 1, NULL),
  (2, 10, 3, 10, 3, 1), (2, 12, 3, 12, 3, 2), (3, 7, 1, 7, 1, 3), (4, NULL, NULL, NULL, NULL, NULL);
SELECT g, regr_count(y, x), regr_sxx(y, x), regr_syy(y, x), regr_sxy(y, x), regr_avgx(y, x), regr_avgy(y, x)
FROM rg GROUP BY g ORDER BY g;
SELECT g, regr_r2(y, x), regr_slope(y, x), regr_intercept(y, x), covar_pop(y, x), covar_samp(y, x), corr(y, x)
FROM rg GROUP BY g ORDER BY g;
SELECT regr_slope(iy, ix), corr(iy, r), covar_samp(r, 1), regr_count(iy, NULL::int) FROM rg;
SELECT regr_count(y, x), regr_r2(y, x), corr(y, x) FROM rg WHERE false;
SELECT corr(y, x) FILTER (WHERE g = 1), covar_pop(y, x ORDER BY x DESC), regr_sxy(DISTINCT y, x) FROM rg;
SELECT regr_r2(y, 2) FROM rg WHERE g = 1;
SELECT corr(x, x), regr_syy(y, x) FROM (VALUES ('Infinity'::float8, 1::float8), (1, 2)) v(x, y);
-- errors
SELECT corr(y) FROM rg;
SELECT corr(y, x, x) FROM rg;
SELECT corr(y, 'a'::text) FROM rg;
SELECT regr_count(*) FROM rg;
