-- index_abbreviated_keys: the btree compares each node's inline abbreviated first-key
-- values and reads an entry only on a tie; these lookups and ranges go through an index
-- (enable_seqscan off) on keys whose abbreviations tie or sit at their extremes: float8 with
-- -0, NaN, +-Infinity and NULLs, text sharing 8-byte prefixes, bigint at its limits, DESC
-- and NULLS FIRST indexes, bool, and a key with more equal entries than one batch (a point
-- lookup that falls back to a scan), forward and backward.
CREATE TABLE ak_f (id int PRIMARY KEY, f float8);
CREATE INDEX ak_f_f ON ak_f (f);
CREATE INDEX ak_f_fd ON ak_f (f DESC NULLS LAST);
INSERT INTO ak_f VALUES (1, 0), (2, '-0'), (3, 'NaN'), (4, 'Infinity'), (5, '-Infinity'),
  (6, NULL), (7, 1.5), (8, -1.5), (9, 'NaN'), (10, 1e308), (11, -1e-308), (12, NULL);
SET enable_seqscan = off;
SELECT id FROM ak_f WHERE f = 0 ORDER BY id;
SELECT id FROM ak_f WHERE f = '-0' ORDER BY id;
SELECT id FROM ak_f WHERE f = 'NaN' ORDER BY id;
SELECT id, f FROM ak_f WHERE f > 1 ORDER BY f, id;
SELECT id, f FROM ak_f WHERE f < 0 ORDER BY f DESC, id;
SELECT id FROM ak_f WHERE f IS NULL ORDER BY id;
SELECT id, f FROM ak_f ORDER BY f LIMIT 6;
SELECT id, f FROM ak_f ORDER BY f DESC LIMIT 6;
SELECT id, f FROM ak_f WHERE f >= '-Infinity' AND f <= 'Infinity' ORDER BY f, id;
CREATE TABLE ak_t (id int PRIMARY KEY, t text);
CREATE INDEX ak_t_t ON ak_t (t);
CREATE INDEX ak_t_td ON ak_t (t DESC NULLS FIRST);
INSERT INTO ak_t VALUES (1, 'abcdefgh'), (2, 'abcdefghi'), (3, 'abcdefgh' || chr(1)),
  (4, 'abcdefg'), (5, ''), (6, NULL), (7, 'abcdefgz'), (8, 'abcdefghaa'), (9, 'b'),
  (10, 'abcdefgh'), (11, 'ÿÿÿÿÿÿÿÿÿ'), (12, 'ÿÿÿÿÿÿÿÿ');
SELECT id FROM ak_t WHERE t = 'abcdefgh' ORDER BY id;
SELECT id FROM ak_t WHERE t = 'abcdefghi';
SELECT id FROM ak_t WHERE t = '';
SELECT id, t FROM ak_t WHERE t > 'abcdefgh' AND t < 'abcdefgi' ORDER BY t, id;
SELECT id, t FROM ak_t WHERE t >= 'abcdefg' ORDER BY t DESC, id LIMIT 5;
SELECT id FROM ak_t WHERE t IN ('abcdefgh', 'abcdefghaa', 'zzz', 'ÿÿÿÿÿÿÿÿ') ORDER BY id;
SELECT id FROM ak_t WHERE t IS NULL;
CREATE TABLE ak_b (id int PRIMARY KEY, k bigint, flag bool);
CREATE INDEX ak_b_k ON ak_b (k DESC);
CREATE INDEX ak_b_flag ON ak_b (flag, k);
INSERT INTO ak_b VALUES (1, 9223372036854775807, true), (2, -9223372036854775808, false),
  (3, 0, NULL), (4, -1, true), (5, 1, false), (6, NULL, true), (7, 9223372036854775806, false);
SELECT id FROM ak_b WHERE k = 9223372036854775807;
SELECT id FROM ak_b WHERE k = -9223372036854775808;
SELECT id, k FROM ak_b WHERE k > -2 ORDER BY k DESC;
SELECT id, k FROM ak_b WHERE k < 2 ORDER BY k;
SELECT id FROM ak_b WHERE flag = true ORDER BY id;
SELECT id FROM ak_b WHERE flag = false AND k > 0 ORDER BY id;
SELECT id FROM ak_b WHERE flag IS NULL;
CREATE TABLE ak_dup (id int PRIMARY KEY, g int);
CREATE INDEX ak_dup_g ON ak_dup (g);
INSERT INTO ak_dup SELECT i, i % 3 FROM generate_series(1, 9000) i;
SELECT count(*), min(id), max(id), sum(id) FROM ak_dup WHERE g = 1;
SELECT count(*) FROM ak_dup WHERE g IN (0, 2, 2);
SELECT id FROM ak_dup WHERE g = 2 ORDER BY g DESC, id DESC LIMIT 3;
SELECT id FROM ak_dup WHERE g = 2 ORDER BY g, id LIMIT 3;
DELETE FROM ak_dup WHERE g = 1 AND id > 10;
SELECT id FROM ak_dup WHERE g = 1 ORDER BY id;
-- one-column integer keys whose extremes share their abbreviation with NULL
CREATE TABLE ak_x (id int PRIMARY KEY, k bigint, s smallint);
CREATE INDEX ak_x_k ON ak_x (k NULLS FIRST);
CREATE INDEX ak_x_s ON ak_x (s DESC);
INSERT INTO ak_x VALUES (1, -9223372036854775808, -32768), (2, NULL, NULL),
  (3, 9223372036854775807, 32767), (4, -9223372036854775808, NULL), (5, NULL, 32767), (6, 0, 0);
SELECT id FROM ak_x WHERE k = -9223372036854775808 ORDER BY id;
SELECT id FROM ak_x WHERE k = 9223372036854775807;
SELECT id FROM ak_x WHERE k IS NULL ORDER BY id;
SELECT id, k FROM ak_x WHERE k < 1 ORDER BY k, id;
SELECT id FROM ak_x WHERE s = 32767 ORDER BY id;
SELECT id FROM ak_x WHERE s = -32768;
SELECT id FROM ak_x WHERE s IS NULL ORDER BY id;
DELETE FROM ak_x WHERE k = -9223372036854775808 AND s IS NULL;
SELECT id, k FROM ak_x ORDER BY k NULLS FIRST, id;
