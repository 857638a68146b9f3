-- Array features Sunstone refuses with 0A000, named: operators other than the comparisons,
-- [NOT] LIKE / ILIKE and the regular expression matches with ANY / ALL over an array,
-- (unnest in the select list of an aggregate query runs: pg/srf_grouped).
SELECT 'a'::text ^@ ANY (ARRAY['a']);
CREATE TABLE ar (a int[]);
DROP TABLE ar;
