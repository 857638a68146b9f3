-- difftest (--types numeric): a GROUP BY expression holding a numeric or real constant
-- matches the same expression in the select list, HAVING and ORDER BY
CREATE TABLE t1 (a int, b numeric, c real);
INSERT INTO t1 VALUES (1, 2.5, 1.5), (2, 3, 2.5), (1, 4.25, 1.5);
SELECT (0.005 * b), count(*) FROM t1 GROUP BY 1 ORDER BY 1;
SELECT b + 1.5 FROM t1 GROUP BY b + 1.5 ORDER BY 1;
SELECT round(b * 1.05, 2), sum(a) FROM t1 GROUP BY round(b * 1.05, 2) HAVING sum(a) > 0 ORDER BY round(b * 1.05, 2);
SELECT a * 1.0, a * 1.00 FROM t1 GROUP BY a * 1.0, a * 1.00 ORDER BY 1;
SELECT a * 1.00 FROM t1 GROUP BY a * 1.0 ORDER BY 1;
SELECT c + 0.5::real, count(*) FROM t1 GROUP BY c + 0.5::real ORDER BY 1;
SELECT DISTINCT b * 2.0 FROM t1 ORDER BY b * 2.0;
DROP TABLE t1;
