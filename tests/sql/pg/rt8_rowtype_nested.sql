-- nested row types: a row type column whose type has row type (and array of row type) columns:
-- I/O, field access ((z).y).a, comparison, ordering, null tests, JSON, field assignment, COPY
CREATE TABLE rt8n1 (a int, b text);
CREATE TABLE rt8n2 (id int, y rt8n1, ys rt8n1[]);
CREATE TABLE rt8n3 (k int, z rt8n2);
INSERT INTO rt8n3 VALUES (1, ROW(10, ROW(1,'a'), ARRAY[ROW(2,'b')::rt8n1])::rt8n2);
INSERT INTO rt8n3 VALUES (2, '(20,"(3,c)","{""(4,d)""}")');
INSERT INTO rt8n3 VALUES (3, ROW(30, NULL, NULL)), (4, NULL);
SELECT * FROM rt8n3 ORDER BY k;
SELECT k, (z).id, (z).y, ((z).y).a, ((z).y).b, (z).ys, ((z).ys)[1], (((z).ys)[1]).b FROM rt8n3 ORDER BY k;
SELECT (z).* FROM rt8n3 ORDER BY k;
SELECT ((z).y).* FROM rt8n3 ORDER BY k;
SELECT k FROM rt8n3 WHERE z = ROW(10, ROW(1,'a')::rt8n1, ARRAY[ROW(2,'b')::rt8n1])::rt8n2;
SELECT k FROM rt8n3 WHERE (z).y = ROW(3,'c')::rt8n1;
SELECT z FROM rt8n3 ORDER BY z;
SELECT k, z IS NULL, z IS NOT NULL FROM rt8n3 ORDER BY k;
SELECT to_jsonb(z) FROM rt8n3 ORDER BY k;
SELECT z::text FROM rt8n3 ORDER BY k;
UPDATE rt8n3 SET z.id = 11 WHERE k = 1;
UPDATE rt8n3 SET z.y = ROW(5,'e') WHERE k = 1;
SELECT * FROM rt8n3 WHERE k = 1;
SELECT pg_typeof(z), pg_typeof((z).y) FROM rt8n3 WHERE k = 1;
COPY rt8n3 TO STDOUT;
SELECT (((z).ys)[1]).c FROM rt8n3;
SELECT ((z).y).a.b FROM rt8n3;
INSERT INTO rt8n3 VALUES (5, '(50,"(x,y)",)');
DROP TABLE rt8n1;
