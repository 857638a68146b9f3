-- difftest (--types numeric): a numeric IN list of constants folds to a constant, so a CASE
-- arm whose WHEN is such a false IN is dropped before its THEN is folded
SELECT CASE WHEN (1.00 IN (0, -1)) THEN (7 * 9223372036854775807) ELSE 0.5 END;
SELECT CASE WHEN (1.00 NOT IN (1, -1)) THEN 1 / 0 ELSE 2 END;
SELECT CASE WHEN (2.5 IN (2.50, 3)) THEN 'yes' ELSE (1 / 0)::text END;
SELECT 1.0 IN (1, 2), 1.0 NOT IN (1.00, 2), 3.5 IN (1, NULL), 3.5 NOT IN (1, NULL), 'NaN'::numeric IN ('nan', 1);
