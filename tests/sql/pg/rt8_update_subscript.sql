-- subscripted UPDATE targets (SET a[i] = v), nested with fields of row types (SET x.arr[i],
-- SET xs[i].a): PostgreSQL's array assignment (a NULL or empty array starts at the subscript,
-- a one-dimensional one is extended with NULLs, errors 22004 / 2202E / 42804)
CREATE TABLE rt8s (id int, arr int[], t varchar(3)[], m int[]);
INSERT INTO rt8s VALUES (1, '{1,2,3}', '{a,b}', '{{1,2},{3,4}}'), (2, NULL, NULL, NULL), (3, '{}', '{}', '{}'),
  (4, '[5:6]={50,60}', NULL, NULL);
UPDATE rt8s SET arr[2] = 5 WHERE id = 1;
UPDATE rt8s SET arr[5] = 9 WHERE id = 1;
UPDATE rt8s SET arr[1] = 7 WHERE id = 2;
UPDATE rt8s SET arr[-1] = 7 WHERE id = 3;
UPDATE rt8s SET arr[2] = NULL WHERE id = 4;
UPDATE rt8s SET arr[8] = '80' WHERE id = 4;
SELECT id, arr, array_lower(arr, 1), array_upper(arr, 1) FROM rt8s ORDER BY id;
UPDATE rt8s SET m[2][1] = 30 WHERE id = 1;
UPDATE rt8s SET m[1][1] = 1 WHERE id = 2;
UPDATE rt8s SET m[0][2] = 1 WHERE id = 3;
SELECT id, m FROM rt8s ORDER BY id;
UPDATE rt8s SET m[3][1] = 1 WHERE id = 1;
UPDATE rt8s SET m[1] = 1 WHERE id = 1;
UPDATE rt8s SET arr[1][1] = 1 WHERE id = 1;
UPDATE rt8s SET arr[NULL] = 1 WHERE id = 1;
UPDATE rt8s SET arr[NULL] = 1 WHERE id = 99;
UPDATE rt8s SET arr['x'] = 1 WHERE id = 1;
UPDATE rt8s SET arr[1.5] = 10 WHERE id = 1;
UPDATE rt8s SET arr[1] = 'x' WHERE id = 1;
UPDATE rt8s SET arr[1] = now() WHERE id = 1;
UPDATE rt8s SET id[1] = 1;
UPDATE rt8s SET t[1] = 'abcd' WHERE id = 1;
UPDATE rt8s SET t[3] = 'abc', t[1] = 'z' WHERE id = 1;
UPDATE rt8s SET arr[1] = arr[1] + 100, arr[2] = 0 WHERE id = 1 RETURNING id, arr;
SELECT * FROM rt8s ORDER BY id;
-- row types: arrays of them and arrays inside them
CREATE TABLE rt8sp (a int, b text, ar int[]);
CREATE TABLE rt8sq (id int, x rt8sp, xs rt8sp[]);
INSERT INTO rt8sq VALUES (1, ROW(1, 'a', '{1,2}'), ARRAY[ROW(2,'b','{}')::rt8sp]), (2, NULL, NULL);
UPDATE rt8sq SET x.ar[3] = 3, xs[2] = ROW(3,'c','{3}') WHERE id = 1;
UPDATE rt8sq SET xs[1].a = 20, xs[1].ar[1] = 21 WHERE id = 1;
UPDATE rt8sq SET x.ar[1] = 5, xs[1].b = 'n' WHERE id = 2;
SELECT * FROM rt8sq ORDER BY id;
UPDATE rt8sq SET xs[1] = ROW(1,2) WHERE id = 1;
UPDATE rt8sq SET xs[1].c = 1 WHERE id = 1;
UPDATE rt8sq SET x.a[1] = 1 WHERE id = 1;
-- in a transaction rolled back
BEGIN;
UPDATE rt8s SET arr[1] = -1;
SELECT id, arr FROM rt8s ORDER BY id;
ROLLBACK;
SELECT id, arr FROM rt8s ORDER BY id;
-- a field of a field that is not composite
UPDATE rt8sq SET x.a.b = 1;
