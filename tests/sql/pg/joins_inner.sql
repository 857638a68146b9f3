-- joins_inner: INNER JOIN ... ON, CROSS JOIN, comma lists, aliases, multi-column keys,
-- NULL keys (never match), duplicates, residual conditions, three tables.
CREATE TABLE emp (id int, name text, dept int, boss int);
CREATE TABLE dept (id int, dname text, floor int);
INSERT INTO emp VALUES (1, 'ann', 10, NULL), (2, 'bob', 10, 1), (3, 'cid', 20, 1),
  (4, 'dee', NULL, 2), (5, 'eve', 30, 2), (6, 'fay', 20, 3);
INSERT INTO dept VALUES (10, 'sales', 1), (20, 'dev', 2), (20, 'dev2', 3), (40, 'ops', 1), (NULL, 'none', 0);
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id ORDER BY e.name, d.dname;
SELECT e.name, d.dname FROM emp e INNER JOIN dept d ON d.id = e.dept ORDER BY 1, 2;
SELECT name, dname FROM emp, dept WHERE dept = dept.id ORDER BY 1, 2;
SELECT * FROM emp JOIN dept ON emp.dept = dept.id ORDER BY emp.id, dept.dname;
SELECT dept.*, emp.name FROM emp JOIN dept ON emp.dept = dept.id ORDER BY name, dname;
SELECT count(*) FROM emp CROSS JOIN dept;
SELECT e.id, d.id FROM emp e CROSS JOIN dept d WHERE e.id < 3 AND d.floor = 1 ORDER BY 1, 2;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id AND d.floor > 1 ORDER BY 1, 2;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id AND e.id + d.floor > 5 ORDER BY 1, 2;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept < d.id ORDER BY 1, 2;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id OR d.id IS NULL ORDER BY 1, 2;
-- self join
SELECT w.name AS worker, b.name AS boss FROM emp w JOIN emp b ON w.boss = b.id ORDER BY 1;
SELECT a.name, b.name FROM emp a, emp b WHERE a.dept = b.dept AND a.id < b.id ORDER BY 1, 2;
-- NULL keys never match; duplicates multiply
SELECT a.dept, b.id FROM emp a JOIN dept b ON a.dept = b.id ORDER BY 1, 2;
SELECT count(*) FROM dept a JOIN dept b ON a.id = b.id;
-- multi-column keys
CREATE TABLE p (x int, y text, v int);
CREATE TABLE q (x int, y text, w int);
INSERT INTO p VALUES (1, 'a', 1), (1, 'b', 2), (2, 'a', 3), (NULL, 'a', 4), (2, NULL, 5);
INSERT INTO q VALUES (1, 'a', 10), (1, 'a', 11), (2, 'b', 12), (NULL, 'a', 13), (2, NULL, 14), (2, 'a', 15);
SELECT p.v, q.w FROM p JOIN q ON p.x = q.x AND p.y = q.y ORDER BY 1, 2;
SELECT p.v, q.w FROM p JOIN q ON q.y = p.y AND q.x = p.x AND q.w > 10 ORDER BY 1, 2;
SELECT p.v, q.w FROM p, q WHERE p.x = q.x AND p.y = q.y AND p.v = 1 ORDER BY 1, 2;
-- mixed types in keys
CREATE TABLE r (k bigint, s varchar(5), f float8);
INSERT INTO r VALUES (1, 'a', 1.0), (2, 'b', -0.0), (3, 'ab', 'NaN');
SELECT p.v, r.k FROM p JOIN r ON p.x = r.k ORDER BY 1, 2;
SELECT p.v, r.s FROM p JOIN r ON p.y = r.s ORDER BY 1, 2;
SELECT a.k, b.k FROM r a JOIN r b ON a.f = b.f ORDER BY 1, 2;
SELECT a.k, b.k FROM r a JOIN r b ON a.f * 0 = b.f * 0 ORDER BY 1, 2;
-- three tables
SELECT e.name, d.dname, b.name FROM emp e JOIN dept d ON e.dept = d.id JOIN emp b ON e.boss = b.id ORDER BY 1, 2;
SELECT e.name, d.dname, p.v FROM emp e, dept d, p WHERE e.dept = d.id AND p.v = e.id ORDER BY 1, 2, 3;
SELECT e.name FROM emp e JOIN (dept d JOIN p ON d.floor = p.x) ON e.dept = d.id ORDER BY 1;
-- aggregates, GROUP BY, ORDER BY, LIMIT over joined rows
SELECT d.dname, count(*), sum(e.id), max(e.name) FROM emp e JOIN dept d ON e.dept = d.id GROUP BY d.dname ORDER BY 1;
SELECT d.floor, count(e.id) FROM dept d JOIN emp e ON e.dept = d.id GROUP BY d.floor HAVING count(*) > 1 ORDER BY 1;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id ORDER BY e.id DESC, d.dname LIMIT 3;
SELECT e.name, d.dname FROM emp e JOIN dept d ON e.dept = d.id ORDER BY e.id, d.dname LIMIT 2 OFFSET 1;
SELECT DISTINCT d.floor FROM emp e JOIN dept d ON e.dept = d.id ORDER BY 1;
SELECT count(*) FROM emp e JOIN dept d ON true;
SELECT count(*) FROM emp e JOIN dept d ON false;
SELECT e.name FROM emp e JOIN dept d ON e.dept = d.id WHERE d.dname = 'dev' AND e.id > 3 ORDER BY 1;
SELECT e.id * 100 + d.floor AS code FROM emp e JOIN dept d ON e.dept = d.id ORDER BY code;
-- empty sides
CREATE TABLE empty (id int);
SELECT * FROM emp JOIN empty ON emp.id = empty.id;
SELECT * FROM empty JOIN emp ON emp.id = empty.id;
SELECT count(*) FROM emp, empty;
