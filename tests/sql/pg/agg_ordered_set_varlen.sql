-- percentile_disc and mode over variable-width values (text, numeric, interval, varchar):
-- sorted as WITHIN GROUP says (DESC too), NULLs skipped, equal numerics (1.0 and 1.00) one
-- run for mode, empty groups NULL
CREATE TABLE ov (g int, t text, n numeric, iv interval, v varchar(5));
INSERT INTO ov VALUES (1, 'b', 1.0, '1 day', 'x'), (1, 'a', 1.00, '2 days', 'y'), (1, 'b', 2.5, '1 day', 'y'), (1, NULL, NULL, NULL, NULL), (2, 'zz', 7, '1 hour', 'q'), (2, 'c', -3.25, '24 hours', 'q'), (3, NULL, NULL, NULL, NULL);
SELECT g, percentile_disc(0.5) WITHIN GROUP (ORDER BY t), percentile_disc(0) WITHIN GROUP (ORDER BY n), percentile_disc(1) WITHIN GROUP (ORDER BY iv) FROM ov GROUP BY g ORDER BY g;
SELECT g, mode() WITHIN GROUP (ORDER BY t), mode() WITHIN GROUP (ORDER BY n), mode() WITHIN GROUP (ORDER BY iv), mode() WITHIN GROUP (ORDER BY v) FROM ov GROUP BY g ORDER BY g;
SELECT percentile_disc(0.25) WITHIN GROUP (ORDER BY t DESC), percentile_disc(0.75) WITHIN GROUP (ORDER BY n DESC), mode() WITHIN GROUP (ORDER BY n DESC) FROM ov;
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY v), pg_typeof(percentile_disc(0.5) WITHIN GROUP (ORDER BY v)), pg_typeof(mode() WITHIN GROUP (ORDER BY n)) FROM ov;
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY t) FILTER (WHERE g = 2), mode() WITHIN GROUP (ORDER BY t) FILTER (WHERE t > 'a') FROM ov;
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY t) FROM ov WHERE g > 10;
SELECT percentile_disc(1.5) WITHIN GROUP (ORDER BY t) FROM ov;
SELECT g, percentile_disc(0.5) WITHIN GROUP (ORDER BY t) FROM ov GROUP BY g HAVING mode() WITHIN GROUP (ORDER BY t) IS NOT NULL ORDER BY g;
