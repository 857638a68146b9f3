-- Mismatches found by tests/difftest (subqueries, WITH, set operations, DISTINCT ON),
-- minimized. One comment per case names what used to go wrong.
CREATE TABLE t1 (a int4, b bigint);
CREATE TABLE t2 (p varchar(3) NOT NULL, q smallint);
INSERT INTO t1 VALUES (1, 1), (2, 5), (3, NULL), (NULL, 2), (5, 5);
INSERT INTO t2 VALUES ('a', 1), ('b', 2), ('a', 5), ('c', NULL);

-- A subquery in an ORDER BY expression equals the same subquery in the select list: with
-- DISTINCT this was 42P10 "ORDER BY expressions must appear in select list".
SELECT DISTINCT (SELECT count(*) FROM t2 AS i WHERE i.p = t2.p) FROM t2
  ORDER BY (SELECT count(*) FROM t2 AS i WHERE i.p = t2.p) DESC;
SELECT DISTINCT ((SELECT b FROM t1 AS i WHERE b = t1.a) <> 5) AS x FROM t1
  ORDER BY ((SELECT b FROM t1 AS i WHERE b = t1.a) <> 5) NULLS FIRST;
-- differently spaced, the same subquery
SELECT DISTINCT (SELECT max(q) FROM t2) + a FROM t1 ORDER BY (SELECT  max( q )  FROM t2) + a;
-- a different subquery is not the select list's
SELECT DISTINCT (SELECT max(q) FROM t2) + a FROM t1 ORDER BY (SELECT min(q) FROM t2) + a;
-- also without DISTINCT: no hidden sort column, one subquery result
SELECT a, (SELECT count(*) FROM t2 WHERE q = t1.a) AS c FROM t1
  ORDER BY (SELECT count(*) FROM t2 WHERE q = t1.a), a NULLS FIRST;
-- ANY with different operators differs
SELECT DISTINCT a > ANY (SELECT q FROM t2) FROM t1 ORDER BY a < ANY (SELECT q FROM t2);

-- GROUP BY a select-list position whose expression holds a correlated subquery: the
-- select item matches the group key (was 42803 on the outer column inside it).
SELECT COALESCE(NULL, (t1.a <> -1), (NOT EXISTS (SELECT NULL FROM t2 AS i WHERE i.q >= t1.a)))
  FROM t1 GROUP BY NULL::float8, 1 ORDER BY 1;
SELECT (SELECT max(p) FROM t2 WHERE q = t1.a) AS m, count(*) FROM t1 GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT (SELECT max(p) FROM t2 WHERE q = t1.a), count(*) FROM t1
  GROUP BY (SELECT max(p) FROM t2 WHERE q = t1.a) ORDER BY 1 NULLS FIRST;
-- the outer column outside the grouped subquery is still an error
SELECT (SELECT max(p) FROM t2 WHERE q = t1.a), t1.b FROM t1 GROUP BY (SELECT max(p) FROM t2 WHERE q = t1.a);
WITH w1(v1) AS MATERIALIZED (SELECT b FROM t1)
SELECT COALESCE(NULL, (w1.v1 <> -1), (NOT EXISTS (SELECT NULL FROM t1 AS i WHERE (i.b >= w1.v1))))
  FROM w1 GROUP BY NULL::float8, 1 ORDER BY 1;

-- The caret of 42P10 is at the start of the ORDER BY expression (exprLocation), not at
-- its operator.
SELECT DISTINCT a FROM t1 ORDER BY b + 1;
SELECT DISTINCT a FROM t1 ORDER BY (b) + a;
SELECT DISTINCT a FROM t1 ORDER BY (SELECT 1) + a;
SELECT DISTINCT a FROM t1 ORDER BY a IN (SELECT 1);
SELECT DISTINCT a FROM t1 ORDER BY a < ALL (SELECT q FROM t2);

-- DISTINCT ON: an ORDER BY item that repeats an earlier item's output column is dropped
-- from the sort list before the 'match initial ORDER BY' check (was 42P10).
SELECT DISTINCT ON (a) a, a, a FROM t1 ORDER BY a, 2, 1;
SELECT DISTINCT ON (a) a, b FROM t1 ORDER BY a, a DESC, b DESC;
SELECT DISTINCT ON (a) a, b FROM t1 ORDER BY 1, b, a;
SELECT DISTINCT ON (a, b) a, b FROM t1 ORDER BY a, a, b DESC;
SELECT DISTINCT ON (b) a, b FROM t1 ORDER BY a, b;

-- % has no float8 form: 42883 names the operand types as written (was 'double precision %
-- double precision' after coercing the integer side).
SELECT 5::bigint % 2.5::float8;
SELECT abs(NULL) % 5::bigint;
SELECT 100 % abs(NULL);
SELECT NULL % 2.5::float8;
SELECT 2::int2 % 1.5::float8;
SELECT '1' % 1.5::float8;

-- Expressions that fold alike but are written differently (COALESCE after a non-null
-- constant, CASE over constants) are different GROUP BY / DISTINCT ORDER BY expressions, as
-- PostgreSQL matches before folding (were accepted).
SELECT COALESCE(b, 0::bigint, a) FROM t1 GROUP BY COALESCE(b, 0::bigint, 3::bigint);
SELECT 1 FROM t1 GROUP BY COALESCE(COALESCE(b, a), 0, 3) HAVING COALESCE(COALESCE(b, a), 0, b) IS NULL;
SELECT CASE WHEN true THEN a ELSE b END FROM t1 GROUP BY CASE WHEN true THEN a ELSE 1 END;
SELECT DISTINCT COALESCE(b, 0, a) FROM t1 ORDER BY COALESCE(b, 0, 3);
-- written alike, they still match
SELECT COALESCE(b, 0::bigint, a) AS c FROM t1 GROUP BY COALESCE(b, 0::bigint, a) ORDER BY 1;
SELECT DISTINCT COALESCE(b, 0, a) FROM t1 ORDER BY COALESCE(b, 0, a);

DROP TABLE t1, t2;
