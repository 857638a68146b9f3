-- setseed makes random() repeat its sequence (Sunstone's own generator, not PostgreSQL's)
CREATE TABLE draws (run int, k int, r float8);
SELECT setseed(0.25);
INSERT INTO draws SELECT 1, k, random() FROM generate_series(1, 5) k;
SELECT setseed(0.25);
INSERT INTO draws SELECT 2, k, random() FROM generate_series(1, 5) k;
SELECT setseed(-0.75);
INSERT INTO draws SELECT 3, k, random() FROM generate_series(1, 5) k;
SELECT count(*) FROM draws a JOIN draws b ON a.k = b.k AND a.run = 1 AND b.run = 2 WHERE a.r = b.r;
SELECT count(*) FROM draws a JOIN draws b ON a.k = b.k AND a.run = 1 AND b.run = 3 WHERE a.r = b.r;
SELECT count(DISTINCT r) FROM draws WHERE run = 1;
