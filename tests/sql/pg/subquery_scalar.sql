-- subquery_scalar: scalar subqueries (SELECT ...) as values: in the select list, WHERE,
-- HAVING, ORDER BY, JOIN ... ON and VALUES; uncorrelated ones run once; errors 21000 and
-- 42601; zero rows give NULL.
CREATE TABLE sq_t (a int, b text);
INSERT INTO sq_t VALUES (1, 'one'), (2, 'two'), (3, NULL), (NULL, 'none');
CREATE TABLE sq_u (x int, y int);
INSERT INTO sq_u VALUES (1, 10), (1, 11), (2, 20), (NULL, 30);
SELECT (SELECT 1);
SELECT (SELECT 1) + (SELECT 2) AS three;
SELECT (SELECT x FROM sq_u WHERE y = 20) AS x20;
SELECT (SELECT x FROM sq_u WHERE y = 99) AS nothing;
SELECT a, (SELECT max(y) FROM sq_u) FROM sq_t ORDER BY a;
SELECT a FROM sq_t WHERE a = (SELECT min(x) FROM sq_u);
SELECT a FROM sq_t WHERE a < (SELECT count(*) FROM sq_u) ORDER BY a;
SELECT b, (SELECT 'v' || b) AS vb FROM sq_t ORDER BY b;
SELECT a FROM sq_t ORDER BY (SELECT 1), a DESC;
SELECT x, count(*) FROM sq_u GROUP BY x HAVING count(*) > (SELECT 1) ORDER BY x;
SELECT t.a, u.y FROM sq_t t JOIN sq_u u ON u.x = t.a AND u.y > (SELECT 10) ORDER BY 1, 2;
VALUES ((SELECT max(y) FROM sq_u)), ((SELECT min(y) FROM sq_u));
SELECT (SELECT b FROM sq_t WHERE a = 1) || '!' AS bang;
SELECT (SELECT a FROM sq_t UNION SELECT 1 ORDER BY 1 LIMIT 1) AS u1;
SELECT (SELECT (SELECT (SELECT 42))) AS deep;
SELECT COALESCE((SELECT x FROM sq_u WHERE y = 30), -1) AS c;
SELECT (SELECT a FROM sq_t ORDER BY a LIMIT 1 OFFSET 1) AS second;
SELECT * FROM sq_t LIMIT (SELECT 2);
SELECT (SELECT y FROM sq_u ORDER BY y DESC LIMIT 1) AS top, (SELECT count(*) FROM sq_t) AS n;
-- errors
SELECT (SELECT x FROM sq_u);
SELECT a, (SELECT y FROM sq_u WHERE x = 1) FROM sq_t;
SELECT (SELECT x, y FROM sq_u);
SELECT a FROM sq_t WHERE a = (SELECT x, y FROM sq_u LIMIT 1);
SELECT (SELECT nosuch FROM sq_u);
SELECT (SELECT x FROM nosuch);
SELECT (SELECT 1) + 'a';
SELECT a FROM sq_t WHERE (SELECT 'x');
DROP TABLE sq_t, sq_u;
