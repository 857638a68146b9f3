-- a set-returning function in FROM whose columns a join above it reads, while the column the
-- function reads is read by nothing else (join input trimming lost the function's columns)
CREATE TABLE lf (a int, b int);
CREATE TABLE lu (a int);
INSERT INTO lf VALUES (1, 2), (2, 3), (3, 1);
INSERT INTO lu VALUES (1), (3);
SELECT g FROM lf, generate_series(1, lf.b) g WHERE EXISTS (SELECT 1 FROM lu WHERE lu.a = lf.a) ORDER BY 1;
SELECT lf.a, g FROM lf, generate_series(1, lf.b) g WHERE EXISTS (SELECT 1 FROM lu WHERE lu.a = lf.a) ORDER BY 1, 2;
SELECT g FROM lf CROSS JOIN LATERAL generate_series(1, lf.b) g WHERE NOT EXISTS (SELECT 1 FROM lu WHERE lu.a = lf.a) ORDER BY 1;
SELECT g FROM lf, generate_series(1, lf.b) g WHERE lf.a IN (SELECT a FROM lu) ORDER BY 1;
SELECT g FROM lf, generate_series(1, lf.b) g, lu WHERE lu.a = lf.a ORDER BY 1;
SELECT g FROM lf, generate_series(1, lf.b + lf.a) g, lu ORDER BY 1;
SELECT g, o FROM lf, unnest(ARRAY[lf.b, lf.b * 10]) WITH ORDINALITY AS x(g, o), lu WHERE lu.a = x.o ORDER BY 1, 2;
SELECT g, lu.a FROM (SELECT * FROM lf) s, generate_series(1, s.b) g, lu WHERE lu.a = g ORDER BY 1, 2;
WITH c AS MATERIALIZED (SELECT 7 AS x, 8 AS y, 9 AS z) SELECT c.x FROM lf, c, lu WHERE lu.a = lf.a ORDER BY 1;
