-- aggregate FILTER (WHERE), ORDER BY inside aggregate calls, string_agg, bool_and, bool_or, every
CREATE TABLE af (g int, a int, t text, b bool, d text);
INSERT INTO af VALUES (1, 1, 'x', true, ','), (1, 2, 'y', false, ';'), (1, NULL, NULL, NULL, NULL),
  (2, 3, 'z', true, '-'), (2, 4, NULL, true, NULL), (3, NULL, 'w', NULL, '+');
SELECT count(*) FILTER (WHERE a > 1), count(a) FILTER (WHERE g = 1), sum(a) FILTER (WHERE a < 4) FROM af;
SELECT g, count(*) FILTER (WHERE a IS NULL) AS nulls, max(t) FILTER (WHERE b), min(a) FILTER (WHERE false)
FROM af GROUP BY g ORDER BY g;
SELECT count(DISTINCT g) FILTER (WHERE a > 1), sum(DISTINCT a) FILTER (WHERE g < 2) FROM af;
SELECT g, string_agg(t, ',') FROM af GROUP BY g ORDER BY g;
SELECT string_agg(t, ',' ORDER BY t), string_agg(t, '' ORDER BY t DESC) FROM af;
SELECT g, string_agg(t, d ORDER BY a) FROM af GROUP BY g ORDER BY g;
SELECT string_agg(t, NULL ORDER BY t) FROM af;
SELECT string_agg(t, ', ' ORDER BY g DESC, t) FILTER (WHERE t <> 'y') FROM af;
SELECT string_agg(DISTINCT t, ',' ORDER BY t DESC) FROM af;
SELECT string_agg(DISTINCT t, ',') FROM af;
SELECT g, bool_and(b), bool_or(b), every(b) FROM af GROUP BY g ORDER BY g;
SELECT bool_and(b), bool_or(b) FILTER (WHERE g = 2), every(a > 0) FROM af;
SELECT bool_and(b) FROM af WHERE false;
SELECT string_agg(t, ',') FROM af WHERE false;
SELECT count(*) FILTER (WHERE t LIKE '%') FROM af HAVING count(*) FILTER (WHERE a > 0) > 3;
SELECT g FROM af GROUP BY g HAVING count(*) FILTER (WHERE b) > 1 ORDER BY g;
SELECT sum(a ORDER BY a DESC), min(t ORDER BY a NULLS FIRST) FROM af;
SELECT count(a ORDER BY t) FROM af;
SELECT string_agg(t::varchar, ',' ORDER BY t) FROM af;
SELECT string_agg(a::text, '+' ORDER BY a DESC NULLS LAST) FROM af;
-- errors
SELECT count(*) FILTER (WHERE a) FROM af;
SELECT count(*) FILTER (WHERE sum(a) > 1) FROM af;
SELECT string_agg(DISTINCT t, ',' ORDER BY a) FROM af;
SELECT sum(DISTINCT a ORDER BY g) FROM af;
SELECT string_agg(a, ',') FROM af;
SELECT bool_and(a) FROM af;
SELECT string_agg(t) FROM af;
SELECT a FROM af WHERE count(*) FILTER (WHERE a > 1) > 0;
SELECT abs(a) FILTER (WHERE a > 1) FROM af;
DROP TABLE af;
