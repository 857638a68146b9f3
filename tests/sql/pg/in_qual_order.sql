-- WHERE conjuncts run cheapest first (PostgreSQL's order_qual_clauses).  x IN (n items)
-- costs n/2 operators, or 2 (a hash and an operator) for a constant list of 9 items or more,
-- which PostgreSQL probes in a hash table
CREATE TABLE q (a int);
INSERT INTO q VALUES (1), (2), (3);
-- 1/(a-1) > 0 costs 3; the IN lists below cost 4, 2 (hashed), 1
SELECT a FROM q WHERE a IN (2,3,4,5,6,7,8,9) AND 1/(a-1) > 0;
SELECT a FROM q WHERE a IN (2,3,4,5,6,7,8,9,10,11) AND 1/(a-1) > 0;
SELECT a FROM q WHERE 1/(a-1) > 0 AND a IN (2,3);
-- a list with a parameter-free expression of columns is not hashed
SELECT a FROM q WHERE a IN (2,3,4,5,6,7,8,9,a+10) AND 1/(a-1) > 0;
-- NOT IN the same way
SELECT a FROM q WHERE a NOT IN (1,5,6,7,8,9,10,11) AND 1/(a-1) > 0;
SELECT a FROM q WHERE a NOT IN (1,5,6,7,8,9,10,11,12,13) AND 1/(a-1) > 0;
SELECT a FROM q WHERE 1/(a-1) > 0 AND a NOT IN (1);
DROP TABLE q;
