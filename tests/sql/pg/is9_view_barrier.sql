-- security_barrier views: the view's own conditions run before the statement's (a failing
-- outer condition never sees the rows the view filters out); ALTER VIEW SET / RESET of it
CREATE TABLE acct (id int PRIMARY KEY, owner text, secret int);
INSERT INTO acct VALUES (1, 'me', 10), (2, 'you', 0), (3, 'me', 5);
-- the view's qual costs more than the statement's, so without the barrier it would be
-- evaluated last (and 100 / secret raise division by zero for the row it filters out)
CREATE VIEW mine AS SELECT id, secret FROM acct WHERE lower(upper(lower(owner))) = 'me';
CREATE VIEW mine_sb WITH (security_barrier) AS SELECT id, secret FROM acct WHERE lower(upper(lower(owner))) = 'me';
-- 100 / secret fails on row 2, which only the view's own qual filters out
SELECT * FROM mine_sb WHERE 100 / secret > 1 ORDER BY id;
SELECT * FROM mine_sb WHERE 100 / secret > 1 AND id > 0 ORDER BY id;
SELECT m.id, a.owner FROM mine_sb m JOIN acct a ON a.id = m.id WHERE 100 / m.secret > 1 ORDER BY 1;
SELECT count(*) FROM mine_sb WHERE 100 / secret > 1;
SELECT * FROM (SELECT * FROM mine_sb) s WHERE 100 / secret > 1 ORDER BY id;
UPDATE mine_sb SET secret = secret + 1 WHERE 100 / secret > 1;
SELECT * FROM acct ORDER BY id;
DELETE FROM mine_sb WHERE 100 / secret > 10 RETURNING *;
ALTER VIEW mine SET (security_barrier = true);
SELECT * FROM mine WHERE 100 / secret > 1 ORDER BY id;
ALTER VIEW mine RESET (security_barrier);
\d+ mine_sb
CREATE VIEW sb_agg WITH (security_barrier = on) AS SELECT owner, sum(secret) s FROM acct GROUP BY owner HAVING sum(secret) > 0;
SELECT * FROM sb_agg WHERE 100 / s > 1 ORDER BY 1;
CREATE VIEW sb_u WITH (security_barrier) AS SELECT id FROM acct WHERE secret > 0 UNION ALL SELECT id FROM acct WHERE secret > 0;
SELECT * FROM sb_u WHERE 100 / id > 1 ORDER BY 1;
CREATE VIEW sb_inv WITH (security_invoker = true, security_barrier = false) AS SELECT * FROM acct;
SELECT count(*) FROM sb_inv;
\d+ sb_inv
SELECT table_name, is_updatable, check_option FROM information_schema.views WHERE table_schema = 'public' ORDER BY 1;
