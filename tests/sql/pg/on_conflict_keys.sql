CREATE TABLE p (id int PRIMARY KEY, v text);
CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p (id));
INSERT INTO p VALUES (1, 'a'), (2, 'b');
INSERT INTO c VALUES (10, 1);
INSERT INTO c VALUES (10, 3) ON CONFLICT (id) DO UPDATE SET pid = excluded.pid;
INSERT INTO c VALUES (11, 3) ON CONFLICT (id) DO NOTHING;
INSERT INTO c VALUES (10, 2) ON CONFLICT (id) DO UPDATE SET pid = excluded.pid RETURNING *;
INSERT INTO p VALUES (2, 'bb') ON CONFLICT (id) DO UPDATE SET id = 5;
INSERT INTO p VALUES (1, 'aa') ON CONFLICT (id) DO UPDATE SET id = 6, v = excluded.v;
INSERT INTO p VALUES (1, 'aa') ON CONFLICT (id) DO UPDATE SET v = excluded.v || p.v RETURNING p.*, excluded.v;
SELECT * FROM p ORDER BY id;
SELECT * FROM c ORDER BY id;
-- multi-column key, NULL keys never conflict
CREATE TABLE m (a int, b int, v int, UNIQUE (a, b));
INSERT INTO m VALUES (1, 1, 0), (1, NULL, 0);
INSERT INTO m VALUES (1, 1, 5), (1, NULL, 5) ON CONFLICT (b, a) DO UPDATE SET v = m.v + excluded.v;
INSERT INTO m VALUES (1, 1, 5) ON CONFLICT (a) DO NOTHING;
SELECT * FROM m ORDER BY a, b, v;
-- a conflict on a non-arbiter index is 23505
CREATE TABLE two (id int PRIMARY KEY, u int UNIQUE);
INSERT INTO two VALUES (1, 1), (2, 2);
INSERT INTO two VALUES (3, 1) ON CONFLICT (id) DO NOTHING;
INSERT INTO two VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET u = excluded.u;
INSERT INTO two VALUES (3, 1) ON CONFLICT DO NOTHING;
SELECT * FROM two ORDER BY id;
-- prepared
PREPARE up(int, int) AS INSERT INTO two VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET u = two.u + $2 RETURNING *;
EXECUTE up(1, 10);
EXECUTE up(1, 10);
EXECUTE up(7, 70);
-- WHERE with a subquery, EXCLUDED in WHERE
INSERT INTO two VALUES (2, 5) ON CONFLICT (id) DO UPDATE SET u = (SELECT max(u) FROM two) + 1 WHERE excluded.u > two.u RETURNING *;
INSERT INTO two VALUES (2, 1) ON CONFLICT (id) DO UPDATE SET u = 0 WHERE excluded.u > two.u RETURNING *;
