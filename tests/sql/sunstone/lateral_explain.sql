-- lateral_explain: a LATERAL subquery that reads the left side runs under a nested_loop_param
-- node (its right side rescanned per left row with the left columns as parameters); one
-- that reads nothing of the left side is an ordinary join; the operator can be chosen.
CREATE TABLE le_c (id int, name text);
CREATE TABLE le_o (id int, cid int, total int);
INSERT INTO le_c VALUES (1, 'ann'), (2, 'bob');
INSERT INTO le_o VALUES (10, 1, 5), (11, 1, 7), (13, 2, 9);
EXPLAIN SELECT c.name, o.total FROM le_c c, LATERAL (SELECT total FROM le_o WHERE cid = c.id ORDER BY total DESC LIMIT 1) o;
EXPLAIN SELECT c.name, o.total FROM le_c c LEFT JOIN LATERAL (SELECT total FROM le_o WHERE cid = c.id) o ON o.total > 6;
EXPLAIN SELECT c.name, o.total FROM le_c c, LATERAL (SELECT total FROM le_o) o WHERE o.total = c.id;
SELECT name FROM sunstone_plugins WHERE name = 'nested_loop_param';
SET sunstone.operator_nested_loop_param = 'nested_loop';
SELECT c.name, o.total FROM le_c c, LATERAL (SELECT total FROM le_o WHERE cid = c.id) o;
RESET sunstone.operator_nested_loop_param;
SELECT c.name, o.total FROM le_c c, LATERAL (SELECT total FROM le_o WHERE cid = c.id) o ORDER BY 1, 2;
DROP TABLE le_c, le_o;
