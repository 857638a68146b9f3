-- joins_right: RIGHT [OUTER] JOIN keeps every right row, NULL-extending the left side;
-- * keeps the FROM order.
CREATE TABLE a (id int, k int, t text);
CREATE TABLE b (id int, k int, u text);
INSERT INTO a VALUES (1, 10, 'one'), (2, 20, 'two'), (3, NULL, 'three'), (4, 10, 'four');
INSERT INTO b VALUES (100, 10, 'x'), (101, 30, 'y'), (102, NULL, 'z'), (103, 20, 'w');
SELECT * FROM a RIGHT JOIN b ON a.k = b.k ORDER BY b.id, a.id;
SELECT a.id, b.id FROM a RIGHT OUTER JOIN b ON a.k = b.k AND a.id > 1 ORDER BY 2, 1;
SELECT a.id, b.id FROM a RIGHT JOIN b ON a.k = b.k WHERE a.id IS NULL ORDER BY 2;
SELECT a.id, b.id FROM a RIGHT JOIN b ON a.k < b.k ORDER BY 2, 1;
SELECT b.u, count(a.id) FROM a RIGHT JOIN b ON a.k = b.k GROUP BY b.u ORDER BY 1;
SELECT a.id, b.id, c.id FROM a RIGHT JOIN b ON a.k = b.k JOIN a c ON c.k = b.k ORDER BY 1, 2, 3;
SELECT x.id, y.id FROM a x RIGHT JOIN a y ON x.k = y.k AND x.id <> y.id ORDER BY 2, 1;
SELECT * FROM a RIGHT JOIN b ON a.k = b.k LEFT JOIN a c ON c.id = b.id - 99 ORDER BY b.id, a.id;
