-- joins_large: joins over thousands of rows, so that batches fill and pairs of one left
-- batch span several output batches (inner, LEFT with unmatched rows, residuals, cross).
CREATE TABLE d (x int);
INSERT INTO d VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE big (id int, k int, s text);
INSERT INTO big SELECT d1.x * 1000 + d2.x * 100 + d3.x * 10 + d4.x, (d1.x * 1000 + d2.x * 100 + d3.x * 10 + d4.x) % 97,
  'v' || d4.x FROM d d1, d d2, d d3, d d4;
CREATE TABLE small (k int, tag text);
INSERT INTO small SELECT d1.x * 10 + d2.x, 't' || d2.x FROM d d1, d d2 WHERE (d1.x + d2.x) % 3 <> 0;
INSERT INTO small SELECT d1.x * 10 + d2.x, 'u' || d1.x FROM d d1, d d2 WHERE d2.x < 3;
SELECT count(*) FROM big;
SELECT count(*), sum(big.id), count(DISTINCT small.tag) FROM big JOIN small ON big.k = small.k;
SELECT count(*), sum(big.id), count(small.k) FROM big LEFT JOIN small ON big.k = small.k;
SELECT count(*) FROM big LEFT JOIN small ON big.k = small.k WHERE small.k IS NULL;
SELECT count(*), sum(small.k) FROM big JOIN small ON big.k = small.k AND big.s = 'v' || (small.k % 10);
SELECT count(*) FROM big b1 JOIN big b2 ON b1.k = b2.k;
SELECT count(*) FROM big b1 JOIN big b2 ON b1.id = b2.id AND b1.s = b2.s;
SELECT count(*), min(b1.id + b2.id), max(b1.id - b2.id) FROM big b1 JOIN big b2 ON b1.id = b2.id + 1;
SELECT count(*) FROM big CROSS JOIN d;
SELECT count(*), sum(d.x) FROM big LEFT JOIN d ON big.id < d.x * 3;
SELECT big.id, small.tag FROM big JOIN small ON big.k = small.k WHERE big.id > 9990 ORDER BY 1, 2;
SELECT s, count(*) FROM big JOIN small ON big.k = small.k GROUP BY s ORDER BY s;
SELECT big.id, small.tag FROM big LEFT JOIN small ON big.k = small.k ORDER BY big.id DESC, small.tag LIMIT 5;
