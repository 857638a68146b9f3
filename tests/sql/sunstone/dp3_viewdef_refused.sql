-- View forms the deparser still refuses (0A000 "pg_get_viewdef of ... is not supported"):
-- the view works, pg_get_viewdef and renames of what it reads are refused, nothing changed.
CREATE TABLE dpr (x int, y text, arr int[], j jsonb);
INSERT INTO dpr VALUES (1, 'one', ARRAY[1, 2], '{"x": 1}');
CREATE TABLE dps (x int, z text);
INSERT INTO dps VALUES (1, 'uno');
-- column aliases of an aliased join with USING (PostgreSQL renames the joined relations' columns)
CREATE VIEW dpr_aj AS SELECT * FROM (dpr JOIN dps USING (x)) AS j(p);
SELECT * FROM dpr_aj;
SELECT pg_get_viewdef('dpr_aj');
ALTER TABLE dps RENAME COLUMN z TO z2;
SELECT * FROM dpr_aj;
-- unnest of several arrays, populate_record
CREATE VIEW dpr_un AS SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a']) AS u(n, s);
SELECT * FROM dpr_un;
SELECT pg_get_viewdef('dpr_un');
CREATE VIEW dpr_pop AS SELECT * FROM jsonb_populate_record(NULL::dpr, '{"x": 3}');
SELECT x, y FROM dpr_pop;
SELECT pg_get_viewdef('dpr_pop');
-- a whole-row reference outside to_json / row_to_json / to_jsonb / json_agg
CREATE VIEW dpr_wr AS SELECT t IS NULL AS n FROM dpr t;
SELECT * FROM dpr_wr;
SELECT pg_get_viewdef('dpr_wr');
-- a cast of an array of sub-arrays
CREATE VIEW dpr_arr AS SELECT ARRAY[ARRAY[1]]::bigint[] AS a;
SELECT * FROM dpr_arr;
SELECT pg_get_viewdef('dpr_arr');
