-- joins_explain: Sunstone's plans for joins: equi-join conjuncts as hash keys (build side:
-- the right input, for an inner join the smaller estimated one), the rest a residual; nested loops for other conditions and cross joins;
-- WHERE conjuncts of one side pushed below an inner join and below the preserved side of a
-- LEFT JOIN only, a LEFT or FULL JOIN whose NULL-extended rows a strict WHERE rejects
-- planned as the INNER or LEFT JOIN it then is (PostgreSQL's reduce_outer_joins); scans read
-- only the columns used.  Then the same answers with the hash
-- join kind run by the nested loop's key comparison.
CREATE TABLE a (id int, k int, t text, pad int);
CREATE TABLE b (id int, k int, u text, pad int);
INSERT INTO a VALUES (1, 10, 'one', 0), (2, 20, 'two', 0), (3, NULL, 'three', 0), (4, 40, 'four', 0);
INSERT INTO b VALUES (100, 10, 'x', 0), (101, 10, 'y', 0), (102, 30, 'z', 0), (103, NULL, 'n', 0);
EXPLAIN SELECT a.t, b.u FROM a JOIN b ON a.k = b.k;
EXPLAIN SELECT a.t, b.u FROM a JOIN b ON a.k = b.k AND a.id < b.id;
EXPLAIN SELECT a.t, b.u FROM a, b WHERE a.k = b.k AND a.id > 1 AND b.u <> 'x';
EXPLAIN SELECT a.t, b.u FROM a LEFT JOIN b ON a.k = b.k WHERE a.id > 1 AND b.u <> 'x';
EXPLAIN SELECT a.t, b.u FROM a LEFT JOIN b ON a.k = b.k AND b.u <> 'x' AND a.id > 1;
EXPLAIN SELECT count(*) FROM a CROSS JOIN b;
EXPLAIN SELECT a.t FROM a JOIN b ON a.k < b.k;
EXPLAIN SELECT a.t, b.u FROM a RIGHT JOIN b ON a.k = b.k WHERE b.id > 100;
EXPLAIN SELECT a.t, b.u FROM a FULL JOIN b ON a.k = b.k AND b.id > 100 WHERE a.id > 1;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k AND a.id + b.id > 101 ORDER BY 1, 2;
SET sunstone.operator_hash_join = 'nested_loop_keys';
EXPLAIN SELECT a.t, b.u FROM a JOIN b ON a.k = b.k;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.k = b.k AND a.id + b.id > 101 ORDER BY 1, 2;
SELECT a.id, b.id FROM a JOIN b ON a.k = b.k ORDER BY 1, 2;
RESET sunstone.operator_hash_join;
SELECT a.id, b.id FROM a JOIN b ON a.k = b.k ORDER BY 1, 2;
