-- subquery_correlated: correlated subqueries (outer columns at any nesting level) in the
-- select list, WHERE, HAVING and ORDER BY; rescanned per outer row with the outer values as
-- parameters: a subquery inside a subquery, one under a LIMIT, one over a join, one over
-- an aggregate query's groups.
CREATE TABLE c_dept (id int, name text);
INSERT INTO c_dept VALUES (1, 'eng'), (2, 'ops'), (3, 'empty'), (NULL, 'nodept');
CREATE TABLE c_emp (id int, dept int, salary int, boss int);
INSERT INTO c_emp VALUES (1, 1, 100, NULL), (2, 1, 80, 1), (3, 1, 80, 1), (4, 2, 50, NULL), (5, 2, 70, 4), (6, NULL, 10, NULL);
SELECT d.name, (SELECT count(*) FROM c_emp e WHERE e.dept = d.id) AS n FROM c_dept d ORDER BY d.name;
SELECT name, (SELECT max(salary) FROM c_emp WHERE dept = c_dept.id) AS top FROM c_dept ORDER BY name;
SELECT e.id, (SELECT name FROM c_dept d WHERE d.id = e.dept) AS dname FROM c_emp e ORDER BY e.id;
SELECT e.id FROM c_emp e WHERE e.salary > (SELECT avg(salary::float8) FROM c_emp f WHERE f.dept = e.dept) ORDER BY e.id;
SELECT e.id FROM c_emp e WHERE EXISTS (SELECT 1 FROM c_emp f WHERE f.boss = e.id) ORDER BY e.id;
SELECT e.id FROM c_emp e WHERE NOT EXISTS (SELECT 1 FROM c_emp f WHERE f.boss = e.id) ORDER BY e.id;
SELECT e.id FROM c_emp e WHERE e.salary IN (SELECT f.salary FROM c_emp f WHERE f.dept = e.dept AND f.id <> e.id) ORDER BY e.id;
SELECT e.id FROM c_emp e WHERE e.salary >= ALL (SELECT f.salary FROM c_emp f WHERE f.dept = e.dept) ORDER BY e.id;
SELECT e.id, e.salary < ANY (SELECT f.salary FROM c_emp f WHERE coalesce(f.dept, -1) = coalesce(e.dept, -1)) AS below FROM c_emp e ORDER BY e.id;
-- a correlated subquery inside a correlated subquery, reading both outer levels
SELECT d.name, (SELECT count(*) FROM c_emp e WHERE e.dept = d.id
                AND e.salary > (SELECT min(f.salary) FROM c_emp f WHERE f.dept = d.id AND f.id <> e.id)) AS n
FROM c_dept d ORDER BY d.name;
SELECT d.name FROM c_dept d WHERE EXISTS (SELECT 1 FROM c_emp e WHERE e.dept = d.id
                AND EXISTS (SELECT 1 FROM c_emp f WHERE f.boss = e.id AND f.dept = d.id)) ORDER BY d.name;
-- under a LIMIT
SELECT d.name, (SELECT e.id FROM c_emp e WHERE e.dept = d.id ORDER BY e.salary DESC, e.id LIMIT 1) AS best FROM c_dept d ORDER BY d.name;
SELECT d.name, (SELECT count(*) FROM (SELECT 1 FROM c_emp e WHERE e.dept = d.id LIMIT 2) s) AS upto2 FROM c_dept d ORDER BY d.name;
-- over a join
SELECT d.name, (SELECT count(*) FROM c_emp e JOIN c_emp b ON b.id = e.boss WHERE e.dept = d.id AND b.salary > e.salary) AS under
FROM c_dept d ORDER BY d.name;
-- correlated in ORDER BY and HAVING, and over an aggregate query's groups
SELECT d.name FROM c_dept d ORDER BY (SELECT count(*) FROM c_emp e WHERE e.dept = d.id) DESC, d.name;
SELECT dept, count(*) FROM c_emp e GROUP BY dept HAVING count(*) > (SELECT count(*) FROM c_dept d WHERE d.id = e.dept) ORDER BY dept;
SELECT dept, (SELECT name FROM c_dept d WHERE d.id = e.dept) AS dname, sum(salary) FROM c_emp e GROUP BY dept ORDER BY dept;
-- the outer row's value repeated on many rows, NULL correlation values
SELECT e.dept, (SELECT count(*) FROM c_emp f WHERE f.dept = e.dept) AS same FROM c_emp e ORDER BY e.id;
-- an outer column used as a value inside the subquery
SELECT d.id, (SELECT d.id * 10 + count(*) FROM c_emp) AS v FROM c_dept d ORDER BY d.id;
SELECT d.id, (SELECT d.name) AS same_name FROM c_dept d ORDER BY d.id;
-- prepared-statement style parameters inside the subquery
SELECT d.name FROM c_dept d WHERE (SELECT count(*) FROM c_emp e WHERE e.dept = d.id AND e.salary > 60) >= 2;
-- inside aggregate arguments, CASE branches, DISTINCT, HAVING EXISTS, INSERT
SELECT sum((SELECT count(*) FROM c_emp f WHERE f.dept = d.id)::int4) AS s, max((SELECT d.id)) AS m FROM c_dept d;
SELECT d.id, CASE WHEN d.id > 1 THEN (SELECT count(*) FROM c_emp e WHERE e.dept = d.id) ELSE -1 END AS c FROM c_dept d ORDER BY d.id;
SELECT DISTINCT (SELECT count(*) FROM c_emp e WHERE e.dept = d.id) AS n FROM c_dept d ORDER BY 1;
SELECT dept FROM c_emp e GROUP BY dept HAVING EXISTS (SELECT 1 FROM c_dept d WHERE d.id = e.dept AND d.name <> 'ops') ORDER BY dept;
CREATE TABLE c_copy (id int, n bigint);
INSERT INTO c_copy SELECT d.id, (SELECT count(*) FROM c_emp e WHERE e.dept = d.id) FROM c_dept d WHERE EXISTS (SELECT 1 FROM c_emp e WHERE e.dept = d.id);
INSERT INTO c_copy VALUES ((SELECT max(id) FROM c_emp), (SELECT count(*) FROM c_dept));
SELECT * FROM c_copy ORDER BY id;
DROP TABLE c_copy;
-- errors
SELECT dept, (SELECT salary FROM c_emp f WHERE f.id = e.id) FROM c_emp e GROUP BY dept;
SELECT (SELECT e.salary FROM c_emp f WHERE f.dept = e.dept) FROM c_emp e;
SELECT (SELECT nosuch.x FROM c_emp f) FROM c_emp e;
SELECT (SELECT f.nosuch FROM c_emp f WHERE f.id = e.id) FROM c_emp e;
DROP TABLE c_dept, c_emp;
