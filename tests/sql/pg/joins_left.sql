-- joins_left: LEFT [OUTER] JOIN with NULL-extended rows, ON versus WHERE conditions,
-- NULL keys, residual conditions, three tables, aggregates over NULL-extended rows.
CREATE TABLE a (id int, k int, t text);
CREATE TABLE b (id int, k int, u text);
INSERT INTO a VALUES (1, 10, 'one'), (2, 20, 'two'), (3, NULL, 'three'), (4, 40, 'four'), (5, 10, 'five');
INSERT INTO b VALUES (100, 10, 'x'), (101, 10, 'y'), (102, 30, 'z'), (103, NULL, 'n'), (104, 40, NULL);
SELECT a.id, a.t, b.id, b.u FROM a LEFT JOIN b ON a.k = b.k ORDER BY a.id, b.id;
SELECT a.id, b.id FROM a LEFT OUTER JOIN b ON b.k = a.k ORDER BY 1, 2;
SELECT * FROM a LEFT JOIN b ON a.k = b.k ORDER BY a.id, b.id;
-- ON conditions filter the right side only; WHERE filters the joined rows
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k AND b.u = 'y' ORDER BY 1, 2;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k WHERE b.u = 'y' ORDER BY 1, 2;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k AND a.id > 2 ORDER BY 1, 2;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k WHERE a.id > 2 ORDER BY 1, 2;
SELECT a.id FROM a LEFT JOIN b ON a.k = b.k WHERE b.id IS NULL ORDER BY 1;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k < b.k ORDER BY 1, 2;
SELECT a.id, b.id FROM a LEFT JOIN b ON true ORDER BY 1, 2 LIMIT 7;
SELECT a.id, b.id FROM a LEFT JOIN b ON false ORDER BY 1, 2;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k AND a.id + b.id > 102 ORDER BY 1, 2;
SELECT a.id, coalesce(b.u, 'none') FROM a LEFT JOIN b ON a.k = b.k ORDER BY 1, 2;
-- aggregates over NULL-extended rows
SELECT a.id, count(b.id), count(*) FROM a LEFT JOIN b ON a.k = b.k GROUP BY a.id ORDER BY 1;
SELECT count(*), count(b.u), sum(b.id) FROM a LEFT JOIN b ON a.k = b.k;
-- empty right side
CREATE TABLE e (id int, k int);
SELECT a.id, e.id FROM a LEFT JOIN e ON a.k = e.k ORDER BY 1;
SELECT a.id, e.id FROM a LEFT JOIN e ON true ORDER BY 1;
SELECT e.id, a.id FROM e LEFT JOIN a ON a.k = e.k;
-- three tables: a chain of left joins, and inner after left
CREATE TABLE c (k int, v text);
INSERT INTO c VALUES (10, 'ten'), (40, 'forty'), (30, 'thirty');
SELECT a.id, b.id, c.v FROM a LEFT JOIN b ON a.k = b.k LEFT JOIN c ON b.k = c.k ORDER BY 1, 2;
SELECT a.id, b.id, c.v FROM a LEFT JOIN b ON a.k = b.k JOIN c ON a.k = c.k ORDER BY 1, 2;
SELECT a.id, b.id, c.v FROM a JOIN c ON a.k = c.k LEFT JOIN b ON c.k = b.k AND b.u <> 'x' ORDER BY 1, 2;
SELECT a.id, x.id FROM a LEFT JOIN (b x JOIN c ON x.k = c.k) ON a.k = x.k ORDER BY 1, 2;
-- a self left join with aliases
SELECT p.id, q.id FROM a p LEFT JOIN a q ON p.k = q.k AND p.id < q.id ORDER BY 1, 2;
