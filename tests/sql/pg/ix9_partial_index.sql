-- Partial indexes (issue 9): CREATE [UNIQUE] INDEX ... WHERE: only rows satisfying the
-- predicate are indexed (UPDATE moves rows in and out), uniqueness among those rows only,
-- ON CONFLICT (cols) WHERE inference, \d, errors; answers agree with a sequential scan.
CREATE TABLE p (id int, k int, live bool, note text);
CREATE UNIQUE INDEX p_live_k ON p (k) WHERE live;
CREATE INDEX ON p (id) WHERE note IS NOT NULL AND id > 5;
CREATE INDEX ON p (lower(note)) WHERE k < 0;
\d p
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'p' ORDER BY 1;
\d p_live_k
INSERT INTO p VALUES (1, 1, true, 'a'), (2, 1, false, 'b'), (3, 1, false, NULL);
INSERT INTO p VALUES (4, 1, true, 'c');
INSERT INTO p VALUES (4, 1, NULL, 'c');
UPDATE p SET live = true WHERE id = 2;
UPDATE p SET live = false WHERE id = 1;
UPDATE p SET live = true WHERE id = 2;
UPDATE p SET live = true WHERE id = 3;
SELECT * FROM p ORDER BY id;
-- ON CONFLICT: a partial unique index is inferred only by a WHERE implying its predicate
INSERT INTO p VALUES (5, 1, true, 'd') ON CONFLICT (k) DO NOTHING;
INSERT INTO p VALUES (5, 1, true, 'd') ON CONFLICT (k) WHERE live DO UPDATE SET note = excluded.note;
INSERT INTO p VALUES (6, 2, true, 'e') ON CONFLICT (k) WHERE live AND id > 0 DO NOTHING;
INSERT INTO p VALUES (7, 2, true, 'f') ON CONFLICT DO NOTHING;
INSERT INTO p VALUES (7, 2, false, 'f') ON CONFLICT (k) WHERE live DO NOTHING;
INSERT INTO p VALUES (8, 9, true, 'g') ON CONFLICT (k) WHERE NOT live DO NOTHING;
SELECT * FROM p ORDER BY id;
CREATE UNIQUE INDEX p_k_all ON p (k);
CREATE UNIQUE INDEX p_k_notlive ON p (k) WHERE NOT live;
-- errors
CREATE INDEX ON p (id) WHERE random() > 0.5;
CREATE INDEX ON p (id) WHERE now() > '2000-01-01';
CREATE INDEX ON p (id) WHERE count(*) > 0;
CREATE INDEX ON p (id) WHERE id IN (SELECT 1);
CREATE INDEX ON p (id) WHERE id;
CREATE INDEX ON p (id) WHERE nosuch > 0;
CREATE INDEX ON p (id) WHERE id > $1;
-- a foreign key needs a unique index that is not partial
CREATE TABLE r (k int REFERENCES p (k));
-- DROP COLUMN of a column the predicate reads drops the index
ALTER TABLE p DROP COLUMN note;
\d p
-- index answers agree with sequential-scan answers
CREATE TABLE big (a int, b int, c text);
INSERT INTO big SELECT g, g % 7, CASE WHEN g % 3 = 0 THEN NULL ELSE 'v' || (g % 50) END
  FROM generate_series(1, 3000) g;
CREATE INDEX big_part ON big (a) WHERE b = 3;
CREATE INDEX big_expr ON big ((a % 100), lower(c));
CREATE INDEX big_range ON big (b) WHERE a > 1000;
SET enable_seqscan = off;
SELECT count(*), sum(a) FROM big WHERE b = 3 AND a < 500;
SELECT count(*), sum(a) FROM big WHERE a % 100 = 42;
SELECT count(*), sum(a) FROM big WHERE a % 100 = 42 AND lower(c) = 'v42';
SELECT count(*), sum(a) FROM big WHERE b = 5 AND a > 2000;
SELECT count(*), sum(a) FROM big WHERE b = 5 AND a > 500;
UPDATE big SET b = 3 WHERE a BETWEEN 100 AND 110;
UPDATE big SET b = 4 WHERE a BETWEEN 1 AND 50 AND b = 3;
DELETE FROM big WHERE a % 100 = 42 AND a > 1500;
SELECT count(*), sum(a) FROM big WHERE b = 3 AND a < 500;
SELECT count(*), sum(a) FROM big WHERE a % 100 = 42;
SELECT a, b FROM big WHERE b = 3 AND a BETWEEN 95 AND 115 ORDER BY a;
RESET enable_seqscan;
SET enable_indexscan = off;
SELECT count(*), sum(a) FROM big WHERE b = 3 AND a < 500;
SELECT count(*), sum(a) FROM big WHERE a % 100 = 42;
SELECT a, b FROM big WHERE b = 3 AND a BETWEEN 95 AND 115 ORDER BY a;
RESET enable_indexscan;
DROP TABLE big;
DROP TABLE p;
