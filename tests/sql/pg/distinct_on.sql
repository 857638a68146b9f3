-- SELECT DISTINCT ON (expressions): the first row of each set of equal keys, in ORDER BY order
CREATE TABLE don (g int, a int, t text);
INSERT INTO don VALUES (1, 3, 'c'), (1, 1, 'a'), (2, 5, 'e'), (2, 4, NULL), (NULL, 9, 'n'), (NULL, 8, 'm'), (3, 7, 'g');
SELECT DISTINCT ON (g) g, a, t FROM don ORDER BY g, a;
SELECT DISTINCT ON (g) g, a, t FROM don ORDER BY g DESC, a DESC;
SELECT DISTINCT ON (g) g, a FROM don ORDER BY g NULLS FIRST, a;
SELECT DISTINCT ON (g) a FROM don ORDER BY g, a DESC;
SELECT DISTINCT ON (1) g, a FROM don ORDER BY 1, 2;
SELECT DISTINCT ON (g, t IS NULL) g, t FROM don ORDER BY g, t IS NULL, a;
SELECT DISTINCT ON (a % 2) a % 2 AS parity, a FROM don ORDER BY a % 2, a;
SELECT DISTINCT ON (parity) a % 2 AS parity, a FROM don ORDER BY parity, a DESC;
SELECT DISTINCT ON (g) g, count(*) FROM don GROUP BY g, a ORDER BY g, count(*) DESC;
SELECT count(*) FROM (SELECT DISTINCT ON (g) g, a FROM don ORDER BY g, a) s;
SELECT DISTINCT ON (g) g, a FROM don ORDER BY g, a LIMIT 2 OFFSET 1;
SELECT DISTINCT ON (g, a) g, a FROM don ORDER BY a, g;
-- errors
SELECT DISTINCT ON (g) g, a FROM don ORDER BY a;
SELECT DISTINCT ON (g, a) g, a FROM don ORDER BY g, t;
SELECT DISTINCT ON (a) g FROM don ORDER BY g;
SELECT DISTINCT ON (3) g, a FROM don;
SELECT DISTINCT ON (nope) g FROM don;
SELECT DISTINCT ON (sum(a)) g FROM don;
DROP TABLE don;
