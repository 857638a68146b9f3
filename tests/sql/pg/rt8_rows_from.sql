-- ROWS FROM (f1(...), f2(...), ...) in FROM: the functions side by side, the shorter ones
-- padded with NULLs, WITH ORDINALITY, column aliases, row types' fields, definition lists
CREATE TABLE rt8rp (a int, b text);
CREATE TABLE rt8rt (id int, n int);
INSERT INTO rt8rt VALUES (1, 2), (2, 0), (3, 3);
SELECT * FROM ROWS FROM (generate_series(1,3), unnest(ARRAY['a','b'])) AS t(x, y);
SELECT * FROM ROWS FROM (generate_series(1,3), unnest(ARRAY['a','b'])) WITH ORDINALITY AS t(x, y, n);
SELECT * FROM ROWS FROM (generate_series(1,2));
SELECT * FROM ROWS FROM (generate_series(1,2)) AS t;
SELECT t.* FROM ROWS FROM (generate_series(1,2)) WITH ORDINALITY t;
SELECT * FROM ROWS FROM (generate_series(1,2), generate_series(5,7));
SELECT * FROM ROWS FROM (generate_series(1,2), generate_series(5,7)) AS t(a);
SELECT * FROM ROWS FROM (unnest(ARRAY[ROW(1,'a')::rt8rp]), generate_series(1,2));
SELECT * FROM ROWS FROM (json_to_record('{"a":1}') AS (a int), generate_series(1,2));
SELECT * FROM ROWS FROM (json_to_record('{"a":1,"b":"x"}') AS (b text, a int), generate_series(1,3)) WITH ORDINALITY;
SELECT * FROM ROWS FROM (generate_series(1,2), unnest(ARRAY[1,2,3], ARRAY['x']));
SELECT * FROM ROWS FROM (generate_series(1,0), generate_series(1,0));
SELECT * FROM ROWS FROM (generate_series(1,0), generate_series(1,2)) WITH ORDINALITY;
SELECT * FROM ROWS FROM (unnest(NULL::int[]), generate_series(3,4));
SELECT * FROM ROWS FROM (jsonb_array_elements('[1,2]'), jsonb_each_text('{"k":"v"}'));
SELECT x, y FROM ROWS FROM (generate_series(1,3), generate_series(10,11)) AS t(x, y) WHERE y IS NULL OR x > 1 ORDER BY x DESC;
SELECT count(*), sum(x), count(y) FROM ROWS FROM (generate_series(1,100), generate_series(1,50)) AS t(x, y);
-- LATERAL: the arguments read the FROM items on the left
SELECT r.id, t.* FROM rt8rt r, ROWS FROM (generate_series(1, r.n), unnest(ARRAY[r.id * 10])) AS t(g, u) ORDER BY 1, 2;
SELECT r.id, t.* FROM rt8rt r LEFT JOIN ROWS FROM (generate_series(1, r.n), generate_series(1, 1)) WITH ORDINALITY AS t(g, h, o) ON true ORDER BY 1, 4;
-- errors
SELECT * FROM ROWS FROM (generate_series(1,2), generate_series(1,2)) AS t(a int, b int);
SELECT * FROM ROWS FROM (generate_series(1,2), unnest(ARRAY[ROW(1,'a')])) AS t;
SELECT * FROM ROWS FROM (generate_series(1,2), unnest(5));
SELECT * FROM ROWS FROM (generate_series(1,2), json_to_record('{"a":1}'));
SELECT * FROM ROWS FROM (generate_series(1,2), generate_series(1,2)) AS t(a, b, c);
