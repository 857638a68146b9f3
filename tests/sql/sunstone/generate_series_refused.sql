-- what Sunstone refuses around generate_series (0A000, named): set-returning functions in the
-- select list nested in another one's arguments or in a query with aggregates, other
-- functions in FROM
CREATE TABLE srr (a int);
SELECT count(*), generate_series(1, 2) FROM srr;
SELECT generate_series(1, 2), generate_series(1, generate_series(1, 3));
SELECT generate_series(1, generate_series(1, 2));
DROP TABLE srr;
SELECT * FROM abs(-1);
SELECT * FROM generate_series(1, 2) WITH ORDINALITY AS t(a, b, c);
CREATE TABLE grt (a int);
INSERT INTO grt VALUES (2);
SELECT * FROM ROWS FROM (generate_series(1, 2), generate_series(1, 3));
DROP TABLE grt;
