-- ALTER VIEW ... SET / RESET (options): order of the options, their checks, check_option on
-- INSERT afterwards, in a transaction rolled back
CREATE TABLE t (a int PRIMARY KEY, b int);
CREATE VIEW v AS SELECT * FROM t WHERE a > 0;
CREATE VIEW agg AS SELECT count(*) FROM t;
ALTER VIEW v SET (security_barrier = true, check_option = local);
\d+ v
ALTER VIEW v SET (security_barrier = false);
\d+ v
ALTER VIEW v RESET (security_barrier, nothing);
ALTER VIEW v RESET (check_option = local);
ALTER VIEW v RESET (check_option);
\d+ v
ALTER VIEW agg SET (check_option = cascaded);
ALTER VIEW agg SET (security_invoker);
ALTER VIEW agg SET (check_option = local, check_option = cascaded);
ALTER VIEW IF EXISTS nope SET (security_invoker = on);
ALTER VIEW nope SET (security_invoker = on);
ALTER VIEW t SET (security_invoker = on);
ALTER TABLE v SET (security_invoker = on);
\d+ agg
SELECT table_name, check_option FROM information_schema.views WHERE table_schema = 'public' ORDER BY 1;
ALTER VIEW v SET (check_option = cascaded);
INSERT INTO v VALUES (-1, 0);
ALTER VIEW v SET (check_option = local), RESET (security_barrier);
\d+ v
BEGIN;
ALTER VIEW v RESET (check_option);
INSERT INTO v VALUES (-1, 0);
ROLLBACK;
INSERT INTO v VALUES (-1, 0);
