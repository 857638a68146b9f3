-- uuid: input forms, canonical output, comparisons, gen_random_uuid, storage
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS canonical, 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid AS upper;
SELECT '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}'::uuid AS braces, 'a0eebc999c0b4ef8bb6d6bb9bd380a11'::uuid AS bare;
SELECT 'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11'::uuid AS groups_of_four, '{a0eebc999c0b4ef8bb6d6bb9bd380a11}'::uuid AS braces_bare;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1'::uuid;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111'::uuid;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-'::uuid;
SELECT '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
SELECT 'a0e-ebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
SELECT 'a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
SELECT ' a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
SELECT 'g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
SELECT ''::uuid;
SELECT '11111111-1111-1111-1111-111111111111'::uuid < '22222222-2222-2222-2222-222222222222'::uuid AS lt,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid > '00000000-0000-0000-0000-000000000000'::uuid AS gt,
       'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' AS eq,
       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid <> 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12' AS ne;
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid::text AS to_text, 'A0EEBC999C0B4EF8BB6D6BB9BD380A11'::text::uuid AS from_text;
SELECT length(gen_random_uuid()::text) AS len, substr(gen_random_uuid()::text, 15, 1) AS version, substr(gen_random_uuid()::text, 20, 1) IN ('8', '9', 'a', 'b') AS variant;
SELECT count(DISTINCT gen_random_uuid()) AS distinct_values, count(*) FROM generate_series(1, 1000);
SELECT gen_random_uuid() = gen_random_uuid() AS same;
CREATE TABLE u (id int, k uuid);
INSERT INTO u VALUES (1, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'), (2, '00000000-0000-0000-0000-000000000000'), (3, NULL),
  (4, '{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}'), (5, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), (6, '10000000-0000-0000-0000-000000000000');
INSERT INTO u VALUES (7, 'not-a-uuid');
SELECT * FROM u ORDER BY k, id;
SELECT k, count(*) FROM u GROUP BY k ORDER BY k DESC;
SELECT DISTINCT k FROM u ORDER BY k;
SELECT a.id, b.id FROM u a JOIN u b ON a.k = b.k AND a.id < b.id;
SELECT id FROM u WHERE k = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' ORDER BY id;
SELECT id FROM u WHERE k > '0fffffff-ffff-ffff-ffff-ffffffffffff' ORDER BY id;
SELECT max(k) FROM u;
CREATE TABLE ug AS SELECT g, gen_random_uuid() AS k FROM generate_series(1, 100) g;
SELECT count(DISTINCT k), count(*) FROM ug;
\d u
DROP TABLE ug;
DROP TABLE u;
