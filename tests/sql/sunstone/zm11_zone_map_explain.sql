-- EXPLAIN ANALYZE of a scan on the native backend shows the row groups it read and those its
-- zone maps let it skip (storage.h version 8 scan hints); a plain EXPLAIN is unchanged, a
-- backend without statistics (memory) shows no such line, sunstone.zone_map_pushdown = off
-- reads everything, and the answers are the same either way.
SET default_table_access_method = native;
CREATE TABLE zx (a int, t text, f float8);
INSERT INTO zx SELECT g, 'k' || lpad(g::text, 6, '0'), CASE WHEN g > 30000 THEN NULL ELSE g END FROM generate_series(1, 40000) g;
SHOW sunstone.zone_map_pushdown;
EXPLAIN SELECT count(*) FROM zx WHERE a BETWEEN 100 AND 200;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE a BETWEEN 100 AND 200;
SELECT count(*) FROM zx WHERE a BETWEEN 100 AND 200;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE t >= 'k039000';
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE f IS NULL;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE a > 40000;
-- no hint: every row group read
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE a % 2 = 0;
-- a correlated subquery: the counts are over all its loops
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT a, (SELECT count(*) FROM zx z2 WHERE z2.a = z1.a) FROM zx z1 WHERE z1.a <= 3;
SET sunstone.zone_map_pushdown = off;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zx WHERE a BETWEEN 100 AND 200;
SELECT count(*) FROM zx WHERE a BETWEEN 100 AND 200;
SET sunstone.zone_map_pushdown = nonsense;
RESET sunstone.zone_map_pushdown;
SELECT name, setting, category, short_desc FROM pg_settings WHERE name = 'sunstone.zone_map_pushdown';
-- the memory backend reports no row groups
CREATE TABLE zm (a int) USING memory;
INSERT INTO zm SELECT g FROM generate_series(1, 100) g;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM zm WHERE a < 5;
