-- lateral: LATERAL subqueries in FROM, which read the FROM items to their left: a nested
-- loop that runs the subquery again for each left row with that row's values as parameters
-- (comma, CROSS JOIN, JOIN ... ON, LEFT JOIN ... ON true), and the errors.
CREATE TABLE l_c (id int, name text);
INSERT INTO l_c VALUES (1, 'ann'), (2, 'bob'), (3, 'cy'), (NULL, 'nobody');
CREATE TABLE l_o (id int, cid int, total int);
INSERT INTO l_o VALUES (10, 1, 5), (11, 1, 7), (12, 1, 3), (13, 2, 9), (14, NULL, 1);
SELECT c.name, o.total FROM l_c c, LATERAL (SELECT total FROM l_o WHERE l_o.cid = c.id) o ORDER BY 1, 2;
SELECT c.name, o.total FROM l_c c CROSS JOIN LATERAL (SELECT total FROM l_o WHERE l_o.cid = c.id ORDER BY total DESC LIMIT 2) o ORDER BY 1, 2;
SELECT c.name, o.total FROM l_c c LEFT JOIN LATERAL (SELECT total FROM l_o WHERE l_o.cid = c.id ORDER BY total DESC LIMIT 1) o ON true ORDER BY 1;
SELECT c.name, s.n, s.m FROM l_c c, LATERAL (SELECT count(*) AS n, max(total) AS m FROM l_o WHERE cid = c.id) s ORDER BY 1;
SELECT c.name, o.total FROM l_c c JOIN LATERAL (SELECT total FROM l_o WHERE cid = c.id) o ON o.total > 4 ORDER BY 1, 2;
SELECT c.name, o.total FROM l_c c LEFT JOIN LATERAL (SELECT total FROM l_o WHERE cid = c.id) o ON o.total > 6 ORDER BY 1, 2;
SELECT c.id, x.twice, x.label FROM l_c c, LATERAL (SELECT c.id * 2 AS twice, c.name || '!' AS label) x ORDER BY 1;
SELECT c.name, d.name AS other FROM l_c c, l_c d, LATERAL (SELECT 1 AS one WHERE d.id = c.id + 1) s ORDER BY 1;
SELECT a.name, b.v FROM (SELECT id, name FROM l_c WHERE id <= 2) a, LATERAL (SELECT a.id + total AS v FROM l_o WHERE cid = a.id) b ORDER BY 1, 2;
SELECT c.name, o.total, o.rank FROM l_c c, LATERAL (SELECT total, (SELECT count(*) FROM l_o o2 WHERE o2.cid = c.id AND o2.total > o1.total) AS rank FROM l_o o1 WHERE o1.cid = c.id) o ORDER BY 1, 2;
SELECT c.name, o.id FROM l_c c, LATERAL (SELECT id FROM l_o WHERE cid = c.id) o WHERE o.id > 10 ORDER BY 1, 2;
SELECT c.name FROM l_c c WHERE EXISTS (SELECT 1 FROM l_o o, LATERAL (SELECT o.total + c.id AS t) s WHERE o.cid = c.id AND s.t > 8) ORDER BY 1;
SELECT count(*) FROM l_c c, LATERAL (SELECT * FROM l_o WHERE cid = c.id) o, LATERAL (SELECT o.total * 2 AS t2) t WHERE t.t2 > 9;
SELECT * FROM l_c c, LATERAL (VALUES (c.id), (c.id + 100)) v(x) ORDER BY 1, 3;
-- errors
SELECT * FROM l_c c RIGHT JOIN LATERAL (SELECT c.id) s ON true;
SELECT * FROM l_c c FULL JOIN LATERAL (SELECT id FROM l_o WHERE cid = c.id) s ON true;
SELECT * FROM l_c c, (SELECT c.id) s;
SELECT * FROM LATERAL (SELECT c.id) s, l_c c;
SELECT * FROM l_c c, LATERAL (SELECT nosuch FROM l_o WHERE cid = c.id) s;
SELECT * FROM l_c c, LATERAL (SELECT total FROM l_o WHERE cid = c.id) s(a, b);
DROP TABLE l_c, l_o;
