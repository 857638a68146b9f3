-- joins_full: FULL [OUTER] JOIN keeps the unmatched rows of both sides (NULL keys never
-- match); it needs a hash-joinable condition, as in PostgreSQL.
CREATE TABLE a (id int, k int, t text);
CREATE TABLE b (id int, k int, u text);
INSERT INTO a VALUES (1, 10, 'one'), (2, 20, 'two'), (3, NULL, 'three'), (4, 10, 'four');
INSERT INTO b VALUES (100, 10, 'x'), (101, 30, 'y'), (102, NULL, 'z'), (103, 20, 'w'), (104, 10, 'v');
SELECT * FROM a FULL JOIN b ON a.k = b.k ORDER BY a.id, b.id;
SELECT a.id, b.id FROM a FULL OUTER JOIN b ON a.k = b.k AND a.id > 1 ORDER BY 1, 2;
SELECT a.id, b.id FROM a FULL JOIN b ON a.k = b.k AND b.id > 100 ORDER BY 1, 2;
SELECT a.id, b.id FROM a FULL JOIN b ON a.k = b.k WHERE a.id IS NULL OR b.id IS NULL ORDER BY 1, 2;
SELECT a.id, b.id FROM a FULL JOIN b ON a.k = b.k WHERE a.id > 1 ORDER BY 1, 2;
SELECT a.id, b.id FROM a FULL JOIN b ON true ORDER BY 1, 2 LIMIT 4;
SELECT a.id, b.id FROM a FULL JOIN b ON false ORDER BY 1, 2;
SELECT count(*), count(a.id), count(b.id) FROM a FULL JOIN b ON a.k = b.k;
SELECT coalesce(a.k, b.k) AS k, count(*) FROM a FULL JOIN b ON a.k = b.k GROUP BY 1 ORDER BY 1;
CREATE TABLE e (id int, k int);
SELECT a.id, e.id FROM a FULL JOIN e ON a.k = e.k ORDER BY 1;
SELECT a.id, e.id FROM e FULL JOIN a ON a.k = e.k ORDER BY 1;
SELECT a.id, b.id, c.id FROM a FULL JOIN b ON a.k = b.k FULL JOIN a c ON c.id = b.id - 100 ORDER BY 1, 2, 3;
SELECT a.id, b.id FROM a FULL JOIN b ON a.k < b.k;
SELECT a.id, b.id FROM a FULL JOIN b ON a.k = b.k OR a.id = 1;
