-- Plans over expression and partial indexes (issue 9): the index scan is chosen when the
-- WHERE compares the index's expression (matched after binding) or implies a partial
-- index's predicate, with EXPLAIN's Index Cond as PostgreSQL prints it; a predicate
-- conjunct the query repeats needs no Filter; a WHERE that does not imply the predicate
-- never uses the partial index.
CREATE TABLE t (a int, b text, c varchar(10));
INSERT INTO t SELECT g, 'v' || (g % 100), 'c' || g FROM generate_series(1, 2000) g;
CREATE INDEX ON t ((a + 1));
CREATE INDEX ON t (lower(b));
CREATE INDEX ON t (lower(c));
CREATE INDEX t_part ON t (a) WHERE b IS NOT NULL AND a > 5;
CREATE UNIQUE INDEX t_neg ON t (b) WHERE a < 0;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE lower(b) = 'x';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a + 1 = 3;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a + 1 IN (3, 4);
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE lower(c) = 'x';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE lower(b) = 'v5' AND a < 100;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE upper(b) = 'V5';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a + 2 = 3;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a = 1995 AND b IS NOT NULL;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a = 1995;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE b = 'v1' AND a < -5;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE b = 'v1' AND a < 5;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a > 7 AND b IS NOT NULL;
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a > 7 AND b = 'x';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a >= 6 AND b = 'x';
EXPLAIN (COSTS OFF) SELECT * FROM t WHERE a > 3 AND b = 'x';
SELECT * FROM t WHERE a + 1 = 3;
SELECT count(*) FROM t WHERE lower(b) = 'v5';
SELECT * FROM t WHERE a > 7 AND a < 10 AND b IS NOT NULL ORDER BY a;
UPDATE t SET a = 3 WHERE a = 8;
SELECT * FROM t WHERE a > 7 AND a < 10 AND b IS NOT NULL ORDER BY a;
SELECT * FROM t WHERE a + 1 = 4 ORDER BY c;
-- ORDER BY ... LIMIT on an index expression
RESET enable_seqscan;
CREATE INDEX ON t ((a % 10), a);
EXPLAIN (COSTS OFF) SELECT * FROM t ORDER BY lower(b) LIMIT 3;
EXPLAIN (COSTS OFF) SELECT a FROM t WHERE a % 10 = 3 ORDER BY a DESC LIMIT 3;
EXPLAIN (COSTS OFF) SELECT a FROM t ORDER BY a % 10 LIMIT 3;
EXPLAIN (COSTS OFF) SELECT a FROM t ORDER BY upper(b) LIMIT 3;
SELECT a FROM t WHERE a % 10 = 3 ORDER BY a DESC LIMIT 3;
DROP TABLE t;
