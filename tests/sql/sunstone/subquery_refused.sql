-- subquery_refused: subquery constructs Sunstone refuses with 0A000 (PostgreSQL runs them).
CREATE TABLE sr_t (a int, b text);
INSERT INTO sr_t VALUES (1, 'one');
-- an aggregate whose outer-query columns are only inside a subquery of its argument
-- (PostgreSQL computes it in the outer query)
SELECT (SELECT max((SELECT sr_t.a)) FROM sr_t s2) FROM sr_t;
-- row comparisons with ANY / ALL by an operator other than =, <>, <, <=, >, >=
SELECT (b, b) ~~ ANY (SELECT 'x', 'y') FROM sr_t;
DROP TABLE sr_t;
