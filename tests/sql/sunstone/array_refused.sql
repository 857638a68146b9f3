-- Array features Sunstone refuses with 0A000, named: LIKE / ILIKE with ANY / ALL over an
-- array, array_fill, generate_subscripts.
SELECT 'a' LIKE ANY (ARRAY['a%']);
SELECT 'a' ILIKE ALL (ARRAY['A%']);
SELECT array_fill(7, ARRAY[3]);
SELECT * FROM generate_subscripts(ARRAY[1,2], 1);
