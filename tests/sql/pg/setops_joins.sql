-- Set operations whose branches join tables: each branch is a query with its own FROM
-- scope (the same table may appear in several branches).
CREATE TABLE sja (id int, x text);
CREATE TABLE sjb (id int, y int);
INSERT INTO sja VALUES (1, 'a'), (2, 'b'), (3, 'c');
INSERT INTO sjb VALUES (1, 10), (1, 11), (3, 30), (4, 40);
SELECT sja.id, y FROM sja JOIN sjb ON sja.id = sjb.id UNION ALL SELECT id, y FROM sjb ORDER BY 1, 2;
SELECT * FROM sja JOIN sjb ON sja.id = sjb.id INTERSECT SELECT 1, 'a', 1, 10 ORDER BY 1;
SELECT * FROM sja, sjb WHERE sja.id = sjb.id UNION SELECT 9, 'z', 9, 99 ORDER BY 1, 4;
SELECT sja.id FROM sja LEFT JOIN sjb ON sja.id = sjb.id EXCEPT SELECT id FROM sjb ORDER BY 1;
SELECT id FROM sja UNION SELECT sja.id FROM sja JOIN sjb ON sja.id = sjb.id ORDER BY 1;
SELECT a.id FROM sja a JOIN sja b ON a.id = b.id UNION ALL SELECT a.id FROM sja a ORDER BY 1;
INSERT INTO sjb SELECT sja.id, sjb.y + 1 FROM sja JOIN sjb ON sja.id = sjb.id UNION SELECT 7, 7;
SELECT count(*), sum(y) FROM sja FULL JOIN sjb ON sja.id = sjb.id;
