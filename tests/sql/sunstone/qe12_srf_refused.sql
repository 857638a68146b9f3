-- set-returning functions in the select list that Sunstone does not run yet give 0A000
-- (PostgreSQL runs them): with aggregates (after aggregation in PostgreSQL), with window
-- functions (after the windows in PostgreSQL; joining them in first would count the
-- expanded rows), and nested in each other's arguments
CREATE TABLE qe12_r (x int);
INSERT INTO qe12_r VALUES (1),(2),(3);
SELECT generate_series(1,3), row_number() OVER ();
SELECT x, generate_series(1,2), sum(x) OVER () FROM qe12_r;
SELECT count(*), generate_series(1,3) FROM qe12_r;
SELECT generate_series(1, generate_series(1,3));
