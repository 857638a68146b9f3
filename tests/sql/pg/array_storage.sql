-- Array columns: CREATE TABLE, INSERT (literals, ARRAY[...], casts on assignment), \d,
-- ORDER BY / GROUP BY / DISTINCT / joins on arrays, and NULL arrays.
CREATE TABLE tags (id int, tags text[], nums int[], ratios float8[], amounts numeric(6,2)[], codes varchar(3)[]);
INSERT INTO tags VALUES (1, '{red,blue}', '{3,1}', '{0.5}', '{1.005,2}', '{ab}'),
  (2, ARRAY['green'], ARRAY[2], ARRAY[1.5, NULL], ARRAY[3.14159], ARRAY['xyz']),
  (3, NULL, NULL, NULL, NULL, NULL), (4, '{}', '{}', '{}', '{}', '{}'),
  (5, '{red,blue}', '{3,1}', '{NaN}', '{1.00}', '{"a b"}'), (6, '{"with space", NULL}', '{1,NULL}', '{-0}', '{-1}', '{c}');
\d tags
SELECT * FROM tags ORDER BY id;
SELECT id, tags FROM tags ORDER BY tags, id;
SELECT id, nums FROM tags ORDER BY nums DESC NULLS LAST, id;
SELECT tags, count(*) FROM tags GROUP BY tags ORDER BY tags;
SELECT DISTINCT nums FROM tags ORDER BY nums;
SELECT amounts, count(*) FROM tags GROUP BY amounts ORDER BY amounts;
SELECT a.id, b.id FROM tags a JOIN tags b ON a.tags = b.tags AND a.id < b.id ORDER BY 1, 2;
SELECT a.id, b.id FROM tags a JOIN tags b ON a.nums @> b.nums AND a.id <> b.id ORDER BY 1, 2;
SELECT id FROM tags WHERE tags = '{red,blue}' ORDER BY id;
SELECT id, tags[1], nums[2], array_length(tags, 1) FROM tags ORDER BY id;
SELECT max(nums), min(tags) FROM tags;
INSERT INTO tags (id, codes) VALUES (7, '{abcd}');
INSERT INTO tags (id, nums) VALUES (8, '{1,x}');
INSERT INTO tags (id, nums) VALUES (9, ARRAY[1.7]);
SELECT id, nums FROM tags WHERE id >= 7 ORDER BY id;
CREATE TABLE m (g int[][], h integer ARRAY, k bigint[3]);
INSERT INTO m VALUES ('{{1,2},{3,4}}', '{5}', ARRAY[1,2,3,4]);
\d m
SELECT * FROM m;
SELECT g::text, h::bigint[], k::text[] FROM m;
DROP TABLE tags, m;
