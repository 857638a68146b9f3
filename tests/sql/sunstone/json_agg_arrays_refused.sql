-- json_agg over array values: PostgreSQL separates them with a line break, which Sunstone's
-- aggregate does not write, so it refuses them (0A000); jsonb_agg works.
\set VERBOSITY verbose
SELECT json_agg(a) FROM (VALUES (ARRAY[1,2]), (ARRAY[3])) t(a);
SELECT jsonb_agg(a) FROM (VALUES (ARRAY[1,2]), (ARRAY[3])) t(a);
