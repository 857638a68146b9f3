-- generate_subscripts(array, dim [, reverse]) in FROM and in the select list
SELECT * FROM generate_subscripts(ARRAY[10, 20, 30], 1);
SELECT generate_subscripts('[3:5]={a,b,c}'::text[], 1) AS s;
SELECT * FROM generate_subscripts(ARRAY[[1,2,3],[4,5,6]], 2, true) AS s;
SELECT * FROM generate_subscripts(ARRAY[[1,2,3],[4,5,6]], 1, false) WITH ORDINALITY AS t(s, n);
SELECT * FROM generate_subscripts(ARRAY[1,2], 3);
SELECT * FROM generate_subscripts(ARRAY[1,2], 0);
SELECT * FROM generate_subscripts('{}'::int[], 1);
SELECT * FROM generate_subscripts(NULL::int[], 1);
SELECT * FROM generate_subscripts(ARRAY[1,2], NULL);
CREATE TABLE ty_gs (id int, a int[]);
INSERT INTO ty_gs VALUES (1, '{5,6,7}'), (2, '{8}'), (3, NULL);
SELECT id, a[i] AS v, i FROM ty_gs, generate_subscripts(a, 1) AS i ORDER BY id, i;
SELECT id, generate_subscripts(a, 1, true) AS i FROM ty_gs ORDER BY id, i;
SELECT * FROM generate_subscripts('{1,2}', 1);
SELECT * FROM generate_subscripts(1, 1);
SELECT * FROM generate_subscripts(ARRAY[1], 'x');
DROP TABLE ty_gs;
