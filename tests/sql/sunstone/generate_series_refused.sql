-- what Sunstone refuses around generate_series (0A000, named): set-returning functions in the
-- select list: (nested or beside aggregates they run: pg/srf_grouped, pg/srf_nested); other
-- functions in FROM
CREATE TABLE srr (a int);
DROP TABLE srr;
SELECT * FROM abs(-1);
SELECT * FROM generate_series(1, 2) WITH ORDINALITY AS t(a, b, c);
CREATE TABLE grt (a int);
INSERT INTO grt VALUES (2);
SELECT * FROM ROWS FROM (upper('x'), generate_series(1, 3));
DROP TABLE grt;
