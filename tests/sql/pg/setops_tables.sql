-- set operations over tables: mixed column types, NULLs and duplicates, star, WHERE,
-- aggregates and DISTINCT in a branch, INSERT ... SELECT of a set operation
CREATE TABLE so_a (i int, b bigint, f float8, t text, v varchar(10));
CREATE TABLE so_b (i int, b bigint, f float8, t text, v varchar(10));
INSERT INTO so_a VALUES (1, 10, 1.5, 'one', 'uno'), (2, 20, 2.5, 'two', 'dos'), (2, 20, 2.5, 'two', 'dos'),
  (3, NULL, NULL, NULL, NULL), (NULL, NULL, NULL, NULL, NULL), (NULL, NULL, NULL, NULL, NULL);
INSERT INTO so_b VALUES (2, 20, 2.5, 'two', 'dos'), (3, 30, 3.5, 'three', 'tres'),
  (NULL, NULL, NULL, NULL, NULL), (4, 40, 4.5, 'four', 'cuatro');
SELECT * FROM so_a UNION SELECT * FROM so_b ORDER BY 1, 2;
SELECT * FROM so_a UNION ALL SELECT * FROM so_b ORDER BY 1, 2;
SELECT * FROM so_a INTERSECT SELECT * FROM so_b ORDER BY 1;
SELECT * FROM so_a INTERSECT ALL SELECT * FROM so_b ORDER BY 1;
SELECT * FROM so_a EXCEPT SELECT * FROM so_b ORDER BY 1;
SELECT * FROM so_a EXCEPT ALL SELECT * FROM so_b ORDER BY 1;
SELECT i FROM so_a INTERSECT ALL SELECT i FROM so_a ORDER BY 1;
SELECT i FROM so_a EXCEPT ALL SELECT i FROM so_b ORDER BY i;
-- mixed types across branches
SELECT i FROM so_a UNION SELECT b FROM so_b ORDER BY 1;
SELECT b FROM so_a UNION ALL SELECT f FROM so_b ORDER BY 1;
SELECT i, t FROM so_a INTERSECT SELECT b, v FROM so_b ORDER BY 1;
SELECT v FROM so_a UNION SELECT t FROM so_b ORDER BY v;
SELECT f FROM so_a EXCEPT SELECT i FROM so_b ORDER BY 1;
SELECT t FROM so_a UNION ALL SELECT 'lit' ORDER BY 1 LIMIT 3;
SELECT i, 'from a' AS src FROM so_a WHERE i > 1 UNION ALL SELECT i, 'from b' FROM so_b WHERE i > 1 ORDER BY src, i;
-- aggregates, DISTINCT and ORDER BY / LIMIT inside branches
SELECT count(*) FROM so_a UNION ALL SELECT count(*) FROM so_b ORDER BY 1;
SELECT i, count(*) AS n FROM so_a GROUP BY i UNION SELECT i, count(*) FROM so_b GROUP BY i ORDER BY i, n;
SELECT DISTINCT i FROM so_a UNION ALL SELECT DISTINCT i FROM so_b ORDER BY 1;
(SELECT i FROM so_a ORDER BY i LIMIT 2) UNION ALL (SELECT i FROM so_b ORDER BY i DESC LIMIT 2) ORDER BY 1;
SELECT i FROM so_a UNION SELECT i FROM so_b INTERSECT SELECT i FROM so_a ORDER BY 1;
(SELECT t FROM so_a UNION SELECT t FROM so_b) EXCEPT SELECT 'two' ORDER BY 1;
SELECT i FROM so_a UNION ALL VALUES (7), (8) ORDER BY i DESC LIMIT 3;
-- INSERT ... SELECT of a set operation
CREATE TABLE so_c (i int, t text);
INSERT INTO so_c SELECT i, t FROM so_a UNION SELECT i, t FROM so_b;
SELECT * FROM so_c ORDER BY 1, 2;
INSERT INTO so_c SELECT 9, 'nine' UNION ALL SELECT 10, 'ten';
SELECT * FROM so_c WHERE i > 8 ORDER BY 1;
INSERT INTO so_c SELECT i, t FROM so_a INTERSECT SELECT i, t FROM so_b;
SELECT count(*) FROM so_c;
-- errors
SELECT * FROM so_a UNION SELECT i FROM so_b;
SELECT i FROM so_a UNION SELECT t FROM so_b;
SELECT t FROM so_a INTERSECT SELECT f FROM so_b;
SELECT i FROM so_a UNION SELECT i FROM so_b ORDER BY b;
SELECT i FROM so_a UNION SELECT i FROM so_b ORDER BY so_a.i;
SELECT i FROM so_a UNION SELECT x FROM so_b;
SELECT i FROM so_a UNION SELECT i FROM so_missing;
INSERT INTO so_c SELECT 'x', 1 UNION SELECT 'y', 2;
INSERT INTO so_c SELECT 1, 'a', 3 UNION SELECT 2, 'b', 4;
INSERT INTO so_c VALUES (1, 'a', 3) UNION SELECT 2, 'b', 4;
INSERT INTO so_c VALUES (1, 'a') UNION SELECT 2, 'b';
DROP TABLE so_a;
DROP TABLE so_b;
DROP TABLE so_c;
