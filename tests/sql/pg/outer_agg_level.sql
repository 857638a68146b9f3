-- An aggregate of a subquery whose arguments read only the outer query's columns is the outer query's (agglevelsup): the subquery itself is not an aggregate query, so it returns its own rows
create table t (g int, s text); insert into t values (1,'a'),(1,'b'),(2,'c');
SELECT g, (SELECT count(t.s) FROM (VALUES (1),(2)) u(x)) FROM t GROUP BY g order by 1;
SELECT g, (SELECT count(t.s) FROM (VALUES (1)) u(x)) FROM t GROUP BY g order by 1;
SELECT g, (SELECT count(t.s) + x FROM (VALUES (1),(2)) u(x) order by x limit 1) FROM t GROUP BY g order by 1;
SELECT g, (SELECT count(t.s) + count(x) FROM (VALUES (1),(2)) u(x)) FROM t GROUP BY g order by 1;
SELECT (SELECT max(t.g) FROM (VALUES (1),(2)) u(x) WHERE x = 1) FROM t;
SELECT g, ARRAY(SELECT sum(t.g) + x FROM (VALUES (1),(2)) u(x)) FROM t GROUP BY g ORDER BY 1;
