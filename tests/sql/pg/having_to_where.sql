-- HAVING conjuncts that read no aggregate filter the rows before grouping, as in PostgreSQL
-- (subquery_planner): the groups they reject are never aggregated, so those groups'
-- aggregate errors (an avg overflowing, a division by zero) are never raised.
CREATE TABLE h (k int, c float8 NOT NULL, e boolean, s text);
INSERT INTO h VALUES (1, 1e300, NULL, 'a'), (1, 1, NULL, 'b'), (2, 5, true, 'c'), (3, 0, false, 'd'), (NULL, 2, true, 'e');
SELECT avg(c) FROM h GROUP BY e HAVING e ORDER BY 1;
SELECT k, count(*) FROM h GROUP BY k HAVING k > 1 AND count(*) > 0 ORDER BY 1;
SELECT k, sum(c) FROM h GROUP BY k HAVING k IS NULL OR k = 2 ORDER BY 1;
SELECT k % 2 AS m, count(*) FROM h GROUP BY k % 2 HAVING k % 2 = 1 ORDER BY 1;
SELECT count(*) FROM h HAVING 1 = 1;
SELECT count(*) FROM h HAVING false;
SELECT e, max(s) FROM h GROUP BY e HAVING e IS NULL OR max(s) > 'c' ORDER BY 1;
SELECT k, count(*) FROM h GROUP BY k HAVING k IN (SELECT 2) ORDER BY 1;
SELECT k, sum(1 / (k - 1)) FROM h GROUP BY k HAVING k <> 1 ORDER BY 1;
SELECT k, sum(1 / (k - 1)) FROM h GROUP BY k HAVING k <> 1 AND sum(1) > 0 ORDER BY 1;
SELECT k FROM h GROUP BY k, s HAVING s < 'c' ORDER BY 1;
DROP TABLE h;
