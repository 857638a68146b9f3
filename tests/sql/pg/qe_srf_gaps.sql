-- set-returning functions where the select-list rewrite (bind_srf_split.c) used to refuse
-- them: nested calls in GROUP BY, DISTINCT ON over an aggregate or windowed query, * in an
-- aggregate or windowed query
CREATE TABLE qs (a int, b int, c text);
INSERT INTO qs VALUES (1, 2, 'x'), (3, 4, 'y'), (3, 5, NULL);
-- nested calls in GROUP BY: function scans level by level below the aggregation
SELECT generate_series(1, generate_series(1, 3)) g, count(*) FROM qs GROUP BY g ORDER BY 1;
SELECT a, generate_series(1, a) FROM qs GROUP BY a, generate_series(1, generate_series(1, 2)) ORDER BY 1, 2;
SELECT generate_series(1, generate_series(1, a)) g, a, count(*) FROM qs GROUP BY 1, 2 ORDER BY 1, 2;
SELECT generate_series(1, generate_series(1, a) + 1) AS g, sum(b) FROM qs GROUP BY g ORDER BY g;
SELECT count(*) FROM qs GROUP BY generate_series(1, generate_series(1, generate_series(1, 2))) ORDER BY 1;
SELECT count(*), max(a) FROM qs GROUP BY generate_series(a, generate_series(2, 3)) ORDER BY 1, 2;
SELECT generate_series(1, generate_series(1, 2)) AS g, count(*) FROM qs GROUP BY g HAVING count(*) > 3 ORDER BY g;
-- DISTINCT ON with set-returning functions in an aggregate or windowed query
SELECT DISTINCT ON (g) generate_series(1, 3) g, count(*) FROM qs GROUP BY a ORDER BY g, 2;
SELECT DISTINCT ON (g) generate_series(1, 3) g, a, count(*) FROM qs GROUP BY a ORDER BY g, a DESC;
SELECT DISTINCT ON (a) a, generate_series(1, 2) AS x, sum(b) OVER (PARTITION BY a) FROM qs ORDER BY a, x DESC;
SELECT DISTINCT ON (1) generate_series(1, a) AS s, max(b) FROM qs GROUP BY a ORDER BY 1, 2;
-- * with set-returning functions in an aggregate or windowed query
SELECT *, count(*) OVER (), generate_series(1, 2) FROM qs ORDER BY 1, 2, 4;
SELECT qs.*, row_number() OVER (ORDER BY b), generate_series(1, 2) AS s FROM qs ORDER BY b, s;
SELECT generate_series(1, 2) AS s, *, sum(b) OVER (PARTITION BY a) FROM qs ORDER BY b, s;
SELECT *, generate_series(1, generate_series(1, 2)) FROM qs ORDER BY 1, 2, 4;
SELECT *, unnest(ARRAY[a, b]) AS u, rank() OVER (ORDER BY a) FROM qs ORDER BY b, u;
DROP TABLE qs;
