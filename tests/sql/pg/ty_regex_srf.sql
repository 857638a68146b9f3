-- regexp_matches and regexp_split_to_table as set-returning functions, in FROM and in the
-- select list
SELECT * FROM regexp_matches('foobarbequebaz', '(bar)(beque)');
SELECT * FROM regexp_matches('foobarbequebazilbarfbonk', '(b[^b]+)(b[^b]+)', 'g');
SELECT regexp_matches('abc01234xyz', '([a-z]+)(\d+)(.*)');
SELECT regexp_matches('aaa', 'a*?', 'g') AS m;
SELECT regexp_matches('ab', '', 'g') AS m;
SELECT regexp_matches('Hello World', 'o', 'gi') AS m;
SELECT regexp_matches('abc', 'x') AS none;
SELECT m, ordinality FROM regexp_matches('a1b22c333', '\d+', 'g') WITH ORDINALITY AS t(m);
SELECT * FROM regexp_split_to_table('the quick  brown fox', '\s+') AS w;
SELECT regexp_split_to_table('a,b,,c', ',') AS piece;
SELECT regexp_split_to_table('abc', '') AS ch;
SELECT foo, length(foo) FROM regexp_split_to_table('the quick brown fox jumps', 'e') AS foo;
SELECT x FROM regexp_split_to_table('aXbxc', 'x', 'i') AS x;
CREATE TABLE ty_rx (id int, s text);
INSERT INTO ty_rx VALUES (1, 'k1=v1;k2=v2'), (2, 'k3=v3'), (3, NULL), (4, '');
SELECT id, regexp_split_to_table(s, ';') AS part FROM ty_rx ORDER BY id, part;
SELECT id, m FROM ty_rx, regexp_matches(s, '(\w+)=(\w+)', 'g') AS m ORDER BY id, m;
SELECT id, (regexp_matches(s, '=(\w+)', 'g'))[1] AS v FROM ty_rx ORDER BY id, v;
SELECT regexp_split_to_table(NULL, ',') AS n;
SELECT * FROM regexp_split_to_table('a,b', ',', 'g');
SELECT * FROM regexp_matches('abc', 'b', 'z');
SELECT * FROM regexp_matches('abc', '(');
SELECT * FROM regexp_matches(1, 'b');
SELECT * FROM regexp_split_to_table('a');
DROP TABLE ty_rx;
