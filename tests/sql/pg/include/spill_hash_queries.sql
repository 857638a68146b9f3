-- spill_hash's queries, run at work_mem = 64kB and at the default.
-- GROUP BY with 20000 groups, DISTINCT aggregates, text keys with NULLs
SELECT count(*), min(s), max(s), max(m), min(mi), sum(cd::int), min(av), max(av)
FROM (SELECT a % 20000 AS k, sum(n) AS s, max(b) AS m, min(c) AS mi, count(DISTINCT n) AS cd, avg(c) AS av
      FROM t GROUP BY a % 20000) s;
SELECT * FROM (SELECT a % 20000 AS k, sum(n) AS s, max(b) AS m, count(DISTINCT n) AS cd
               FROM t GROUP BY a % 20000) s ORDER BY k LIMIT 5 OFFSET 12345;
SELECT * FROM (SELECT n, b, count(*) AS c, sum(a) AS s FROM t GROUP BY n, b) s ORDER BY n DESC, b LIMIT 6;
-- DISTINCT
SELECT count(*), sum(k) FROM (SELECT DISTINCT a % 30011 AS k, b FROM t) s;
SELECT * FROM (SELECT DISTINCT a % 30011 AS k, b FROM t) s ORDER BY k, b LIMIT 4 OFFSET 20000;
-- joins: inner, left with a residual, full, on two keys
SELECT count(*), count(u.x), min(t.a), max(t.a), min(u.x), max(t.b) FROM t JOIN u ON t.a = u.a;
SELECT count(*), count(u.x), sum(t.n) FROM t LEFT JOIN u ON t.a = u.a AND u.x <> 'v5u';
SELECT * FROM (SELECT t.a, t.n, u.x FROM t LEFT JOIN u ON t.a = u.a AND u.x <> 'v5u') s ORDER BY a LIMIT 4 OFFSET 77776;
SELECT count(*), count(t.a), count(u.a), min(u.a), max(u.a) FROM t FULL JOIN u ON t.a = u.a;
SELECT * FROM (SELECT t.a AS ta, u.a AS ua, u.x FROM t FULL JOIN u ON t.a = u.a) s ORDER BY ua DESC, ta LIMIT 3;
SELECT count(*), min(ta), max(ua) FROM (SELECT t.a AS ta, u.a AS ua FROM u JOIN t ON t.b || 'u' = u.x AND t.a % 1000 = u.a % 1000) s;
-- INTERSECT / EXCEPT [ALL], and UNION
SELECT count(*), min(k), max(b) FROM (SELECT a % 40000 AS k, b FROM t INTERSECT SELECT a % 40000, b FROM t WHERE n > 10) s;
SELECT count(*), sum(a), sum(n) FROM (SELECT a, n FROM t EXCEPT SELECT a, a % 50 FROM u) s;
SELECT count(*), sum(k), sum(n) FROM (SELECT a % 7000 AS k, n FROM t INTERSECT ALL SELECT a % 7000, n FROM t WHERE a % 5 < 3) s;
SELECT count(*), sum(k) FROM (SELECT a % 60000 AS k FROM t EXCEPT ALL SELECT a FROM u) s;
SELECT count(*), sum(k) FROM (SELECT a % 30000 AS k, b FROM t UNION SELECT a, x FROM u) s;
