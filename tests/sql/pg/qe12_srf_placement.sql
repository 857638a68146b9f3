-- set-returning functions in the select list: lockstep, NULL padding, and PostgreSQL's
-- placement errors (CASE, COALESCE, aggregates, WHERE, HAVING)
CREATE TABLE qe12_t (x int, y text);
INSERT INTO qe12_t VALUES (1,'a'),(2,'b'),(3,NULL);
SELECT generate_series(1,3), generate_series(1,5);
SELECT generate_series(1,2) + generate_series(1,3);
SELECT x, generate_series(1,x) FROM qe12_t ORDER BY 1,2;
SELECT generate_series(1,3) AS g ORDER BY g DESC;
SELECT DISTINCT generate_series(1,3) % 2 AS g ORDER BY 1;
SELECT x, generate_series(1, x), unnest(ARRAY['p','q']) FROM qe12_t ORDER BY 1,2,3;
SELECT sum(generate_series(1,3));
SELECT count(generate_series(1,x)) FROM qe12_t;
SELECT CASE WHEN x > 1 THEN generate_series(1,2) END FROM qe12_t;
SELECT COALESCE(generate_series(1,2), 0);
SELECT x FROM qe12_t WHERE generate_series(1,2) > 1;
SELECT count(*) FROM qe12_t HAVING generate_series(1,2) > 0;
SELECT x FROM qe12_t LIMIT generate_series(1,2);
SELECT sum(g) FROM (SELECT generate_series(1,4) AS g) s;
