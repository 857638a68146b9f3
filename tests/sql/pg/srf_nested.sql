-- nested set-returning functions (run level by level), ones inside expressions, lockstep
-- padding with NULL, a zero-row function dropping the row, and PostgreSQL's placement errors
CREATE TABLE srf_n (a int, b text);
INSERT INTO srf_n VALUES (1,'x'),(2,'y'),(3,NULL);
SELECT generate_series(1, generate_series(1,3));
SELECT generate_series(1, generate_series(1,3)), generate_series(1,2);
SELECT generate_series(1, generate_series(1, 2)) + generate_series(1,3) ORDER BY 1;
SELECT unnest(ARRAY[generate_series(1,2), 5]);
SELECT unnest(ARRAY[1,2]), generate_series(1, unnest(ARRAY[2,3]));
SELECT a, generate_series(a, generate_series(a, 3)) FROM srf_n ORDER BY 1, 2;
SELECT a, unnest(ARRAY[a, generate_series(1, a)]) FROM srf_n ORDER BY 1, 2;
SELECT generate_series(1, generate_series(1, 3)) AS g, count(*) FROM srf_n GROUP BY a ORDER BY 1, 2;
SELECT generate_series(1,3) + 1;
SELECT generate_series(1,3) * 10 + a AS v FROM srf_n ORDER BY v;
SELECT -generate_series(1,2), abs(-generate_series(3,4));
SELECT generate_series(1,3), generate_series(1,0);
SELECT a, generate_series(1,0) FROM srf_n;
SELECT generate_series(1,a), generate_series(1,2) FROM srf_n ORDER BY 1, 2;
SELECT a, generate_series(1, a), b FROM srf_n WHERE a > 1 ORDER BY 1, 2;
SELECT generate_series(1,2) AS g, generate_series(1,2) AS h;
SELECT a, generate_series(1,2) FROM srf_n ORDER BY generate_series(1,2) DESC, a LIMIT 4;
-- errors, as PostgreSQL words them
SELECT CASE WHEN true THEN generate_series(1,2) END;
SELECT CASE WHEN a > 1 THEN generate_series(1, generate_series(1,2)) END FROM srf_n;
SELECT COALESCE(generate_series(1,2), 0);
SELECT coalesce(a, generate_series(1,2)) FROM srf_n GROUP BY a;
VALUES (generate_series(1,2));
SELECT * FROM srf_n WHERE generate_series(1,2) > 1;
SELECT * FROM srf_n JOIN srf_n t2 ON generate_series(1,2) = 1;
SELECT count(*) FILTER (WHERE generate_series(1,2) > 1) FROM srf_n;
SELECT sum(generate_series(1, a)) FROM srf_n GROUP BY a;
SELECT a FROM srf_n LIMIT generate_series(1,2);
SELECT * FROM generate_series(1, generate_series(1,2));
