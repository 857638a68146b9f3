-- EXISTS never evaluates its query's select list (PostgreSQL's simplify_EXISTS_query):
-- 1/0 there raises nothing, correlated or not, pulled up to a semi / anti join or not
CREATE TABLE ex_t1 (a int);
INSERT INTO ex_t1 VALUES (1), (2);
CREATE TABLE ex_t2 (a int);
INSERT INTO ex_t2 VALUES (1);
SELECT * FROM ex_t1 WHERE NOT EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a);
SELECT * FROM ex_t1 WHERE EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a);
SELECT * FROM ex_t1 WHERE EXISTS (SELECT a/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a);
SELECT * FROM ex_t1 WHERE EXISTS (SELECT 1/0 FROM ex_t2) ORDER BY a;
SELECT * FROM ex_t1 WHERE NOT EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a) OR a = 5;
SELECT a, EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a) FROM ex_t1 ORDER BY a;
SELECT * FROM ex_t1 WHERE EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a GROUP BY ex_t2.a);
SELECT * FROM ex_t1 WHERE EXISTS (SELECT DISTINCT 1/0, a FROM ex_t2 WHERE ex_t2.a = ex_t1.a ORDER BY 1/0);
SELECT * FROM ex_t1 WHERE EXISTS (SELECT 1/0 FROM ex_t2 WHERE ex_t2.a = ex_t1.a LIMIT 1);
-- still bound: an unknown column there is an error
SELECT * FROM ex_t1 WHERE EXISTS (SELECT nosuch FROM ex_t2);
-- an aggregate query's select list is evaluated
SELECT * FROM ex_t1 WHERE EXISTS (SELECT 1/0, count(*) FROM ex_t2 WHERE ex_t2.a = ex_t1.a);
