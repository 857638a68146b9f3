-- Hash tables keyed by one integer column: GROUP BY, INTERSECT and hash joins over many
-- groups and keys (the tables grow over several batches), with NULL keys mixed in, and joins
-- where most probe rows have no partner (the build side's filter drops them).
CREATE TABLE seq (i int);
INSERT INTO seq VALUES (0);
INSERT INTO seq SELECT i + 1 FROM seq;
INSERT INTO seq SELECT i + 2 FROM seq;
INSERT INTO seq SELECT i + 4 FROM seq;
INSERT INTO seq SELECT i + 8 FROM seq;
INSERT INTO seq SELECT i + 16 FROM seq;
INSERT INTO seq SELECT i + 32 FROM seq;
INSERT INTO seq SELECT i + 64 FROM seq;
INSERT INTO seq SELECT i + 128 FROM seq;
INSERT INTO seq SELECT i + 256 FROM seq;
INSERT INTO seq SELECT i + 512 FROM seq;
INSERT INTO seq SELECT i + 1024 FROM seq;
INSERT INTO seq SELECT i + 2048 FROM seq;
INSERT INTO seq SELECT i + 4096 FROM seq;
INSERT INTO seq SELECT i + 8192 FROM seq;
CREATE TABLE g (k int, k8 bigint, v int);
INSERT INTO g SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE i % 5000 END,
                     CASE WHEN i % 89 = 0 THEN NULL ELSE (i % 7000)::bigint * 1000000007 END, i % 10
FROM seq;
SELECT count(*) FROM g;
-- int4 key: 5000 groups plus the NULL group
SELECT count(*), sum(n::int), min(n), max(n), sum(s::int) FROM (SELECT k, count(*) AS n, sum(v) AS s FROM g GROUP BY k) x;
SELECT k, count(*), sum(v) FROM g GROUP BY k ORDER BY k NULLS FIRST LIMIT 5;
SELECT k, count(*), sum(v) FROM g GROUP BY k ORDER BY k DESC LIMIT 3;
-- int8 key
SELECT count(*), sum(n::int), max(n) FROM (SELECT k8, count(*) AS n FROM g GROUP BY k8) x;
SELECT k8, count(*) FROM g GROUP BY k8 ORDER BY k8 NULLS FIRST LIMIT 3;
SELECT count(DISTINCT k), count(DISTINCT k8) FROM g;
SELECT count(*) FROM (SELECT DISTINCT k FROM g) d;
-- set operations over one integer column
SELECT count(*) FROM (SELECT k FROM g WHERE v < 5 INTERSECT SELECT k FROM g WHERE v >= 5) x;
SELECT count(*) FROM (SELECT k FROM g EXCEPT SELECT k FROM g WHERE k < 4000) x;
-- joins: a small build side (1% of its keys survive the filter) probed by every row of g
CREATE TABLE d (k int, w int);
INSERT INTO d SELECT i, i % 100 FROM seq WHERE i < 6000;
INSERT INTO d VALUES (NULL, 0);
SELECT count(*), sum(g.v + d.w) FROM g JOIN d ON g.k = d.k WHERE d.w = 7;
SELECT count(*), count(d.k) FROM g LEFT JOIN d ON g.k = d.k AND d.w = 7;
SELECT count(*), count(g.k) FROM g RIGHT JOIN d ON g.k = d.k AND g.v = 3;
SELECT count(*) FROM g FULL JOIN d ON g.k = d.k WHERE d.k IS NULL OR g.k IS NULL;
SELECT count(*), sum(g.v) FROM g JOIN d ON g.k = d.k;
