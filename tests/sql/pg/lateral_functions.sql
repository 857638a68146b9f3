-- Functions in FROM that read the columns of the items before them (implicitly LATERAL, as in
-- PostgreSQL): rerun per row by a nested loop; LEFT JOIN keeps rows without any; RIGHT and
-- FULL JOIN refuse the reference with PostgreSQL's 42P01.
CREATE TABLE t (a int, b int);
INSERT INTO t VALUES (1, 10), (3, 20), (0, 30), (NULL, 40);
SELECT t.a, g FROM t, generate_series(1, t.a) g ORDER BY 1, 2;
SELECT t.a, g FROM t CROSS JOIN generate_series(t.a, 3) AS g ORDER BY 1, 2;
SELECT t.a, g.x, g.n FROM t JOIN generate_series(1, t.a) WITH ORDINALITY AS g(x, n) ON g.x <> 2 ORDER BY 1, 2;
SELECT t.a, g FROM t LEFT JOIN generate_series(1, t.a) g ON true ORDER BY 1, 2;
SELECT t.a, g FROM t, LATERAL generate_series(t.a, t.a + 1) g ORDER BY 1, 2;
SELECT count(*), sum(g) FROM t, generate_series(1, t.b) g;
SELECT t.a, g FROM t, generate_series(1, t.a, 1.5) g ORDER BY 1, 2;
SELECT * FROM t RIGHT JOIN generate_series(1, t.a) g ON true;
SELECT * FROM t FULL JOIN generate_series(1, t.a) g ON true;
SELECT (SELECT sum(g) FROM generate_series(1, t.a) g) FROM t ORDER BY 1;
SELECT t.a, u.g FROM t, (SELECT g FROM generate_series(1, 2) g) u, generate_series(u.g, t.a) v ORDER BY 1, 2;
SELECT * FROM generate_series(1, t.a) g, t;
DROP TABLE t;
