-- UPDATE of a field of a composite column (SET x.a = ...), PostgreSQL's FieldStore
CREATE TABLE rup (a int, b text, c numeric(5,2));
CREATE TABLE ruq (id int, x rup, y rup);
INSERT INTO ruq VALUES (1, ROW(1,'a',1.5), NULL), (2, NULL, NULL), (3, '(3,c,2)', '(4,d,)');
UPDATE ruq SET x.a = 5 WHERE id = 1;
UPDATE ruq SET x.b = 'n' WHERE id = 2;
UPDATE ruq SET x.a = (x).a * 10, x.b = 'both', y.c = 3.14159 WHERE id = 3;
UPDATE ruq SET x.c = '7' WHERE id = 1;
SELECT * FROM ruq ORDER BY id;
UPDATE ruq r SET y.b = 'alias' WHERE r.id = 1 RETURNING id, y, (y).b;
UPDATE ruq SET x.a = id + 100, y = x WHERE id = 2 RETURNING *;
-- errors
UPDATE ruq SET x.nosuch = 1;
UPDATE ruq SET id.a = 1;
UPDATE ruq SET x.a = 'zz';
UPDATE ruq SET x.a = now();
UPDATE ruq SET x.c = 12345;
UPDATE ruq SET x.a = 1, x = NULL;
UPDATE ruq SET x = NULL, x.a = 1;
SELECT * FROM ruq ORDER BY id;
