-- set-operation branches with their own ORDER BY / LIMIT (hidden sort keys), t.* and aliases,
-- WHERE, GROUP BY / HAVING, quoted output names
CREATE TABLE sob (a int, b int);
INSERT INTO sob VALUES (1, 3), (2, 2), (3, 1);
(SELECT a FROM sob ORDER BY b LIMIT 1) UNION ALL (SELECT a FROM sob ORDER BY b DESC LIMIT 1);
SELECT sob.* FROM sob UNION SELECT b, a FROM sob ORDER BY 1, 2;
SELECT x.a FROM sob x INTERSECT SELECT b FROM sob ORDER BY a;
SELECT a FROM sob WHERE a > 1 EXCEPT SELECT 2 ORDER BY 1;
SELECT a, sum(b) FROM sob GROUP BY a HAVING sum(b) > 1 UNION ALL SELECT 9, 9 ORDER BY 1;
SELECT a AS "x y" FROM sob UNION SELECT 5 ORDER BY "x y" DESC;
DROP TABLE sob;
