-- character(n) mixed with the other string types: operator resolution, CASE / UNION / IN,
-- casts to and from non-string types, joins across lengths, typmods in expressions
SELECT 'a'::char(2) || 'b'::char(2) AS cat, 'a'::char(2) || 'b'::varchar AS cat_vc, 'x'::text || 'a '::char(3) || 'y' AS cat3;
SELECT 'a'::char(3) = 'a  '::varchar AS vc_eq, 'a '::varchar = 'a'::char(1) AS vc_eq2, 'b'::char(3) > 'a'::text AS gt_text;
SELECT 'ab'::char(4) IN ('ab', 'cd') AS in_list, 'ab'::char(4) IN ('ab  '::char(2), 'x') AS in_typed, 'zz'::char(2) NOT IN ('ab', 'cd') AS not_in;
SELECT CASE WHEN true THEN 'a'::char(3) ELSE 'bb'::text END || '|' AS case_text, CASE WHEN false THEN 'a'::char(3) ELSE 'bb'::char(5) END || '|' AS case_char;
SELECT x || '|' FROM (SELECT 'a'::char(3) AS x UNION ALL SELECT 'bb'::char(2)) s ORDER BY 1;
SELECT x, length(x) FROM (SELECT 'a'::char(3) AS x UNION SELECT 'a'::char(5) UNION SELECT 'b') s ORDER BY 1;
SELECT '12'::char(3)::int AS to_int, ' 7 '::char(4)::numeric AS to_num, 123::char(5) AS from_int, 'true'::char(5)::boolean AS to_bool;
SELECT 1.5::char(4) || '|' AS from_numeric, true::char(5) AS from_bool;
SELECT 12345::char(3);
SELECT 'a'::bytea::char(3), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid::char(40) || '|', '\x01'::char(5)::bytea, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::char(36)::uuid, 1.5::real::char(4);
SELECT CAST(NULL AS char(3)) IS NULL AS null_cast, coalesce(NULL::char(3), 'z') || '|' AS coalesced;
SELECT 'ab'::char(2)::char(4) || '|' AS widened, 'abcd'::char(4)::char(2) AS narrowed, 'ab  '::char(4)::char(2) AS spaces;
SELECT upper('ab'::char(4)), lower('AB'::char(3)) || '|', replace('a b'::char(4), ' ', '_') AS repl, substr('abc'::char(5), 2) || '|' AS sub;
SELECT 'ab'::char(4) LIKE 'ab' AS like_exact, 'ab'::char(4) NOT LIKE 'ab' AS not_like, 'AB'::char(3) ILIKE 'ab_' AS ilike;
SELECT char_length('ab '::char(4)), character_length('ab'::character(4)), octet_length('é'::char(2));
CREATE TABLE p (k char(3), n int);
CREATE TABLE q (k char(5), m int);
INSERT INTO p VALUES ('a', 1), ('b', 2), ('c', 3), (NULL, 4);
INSERT INTO q VALUES ('a    ', 10), ('b', 20), ('d', 40);
SELECT p.n, q.m FROM p JOIN q ON p.k = q.k ORDER BY 1;
SELECT p.n, q.m FROM p LEFT JOIN q USING (k) ORDER BY 1;
SELECT k || '|', count(*) FROM (SELECT k FROM p UNION ALL SELECT k FROM q) u GROUP BY k ORDER BY k NULLS FIRST;
SELECT count(DISTINCT k) FROM (SELECT k FROM p UNION ALL SELECT k FROM q) u;
INSERT INTO p SELECT k, m FROM q WHERE m = 40;
INSERT INTO p SELECT 'longer', 5;
INSERT INTO p SELECT 'ab   '::text, 6;
SELECT k, n, octet_length(k) FROM p ORDER BY n;
SELECT max(k) || '|' AS mx, min(k) || '|' AS mn FROM p;
SELECT k FROM p WHERE k < 'b' ORDER BY k;
SELECT k FROM p WHERE k BETWEEN 'a' AND 'c ' ORDER BY k;
CREATE TABLE r AS SELECT k, k::text AS t, k::varchar(2) AS v FROM q;
\d r
SELECT t || '|', v || '|' FROM r ORDER BY t;
SELECT 'abc'::char(2)::varchar || '|' AS explicit_chain;
VALUES ('a'::char(3)), ('bb');
SELECT 'x'::bpchar = 'x  '::bpchar AS bare_eq, octet_length('x  '::bpchar) AS bare_len, 'a'::character = 'a' AS character_default;
SELECT 'é'::char(1) AS one_char, 'éé'::char(1);
DROP TABLE r;
DROP TABLE q;
DROP TABLE p;
SELECT pg_typeof('a'::char(3) || 'x') AS concat_type, pg_typeof('a'::char(3)) AS c3, pg_typeof(md5('a'::bytea)) AS md5_t, pg_typeof(sha256('a'::bytea)) AS sha_t, pg_typeof(gen_random_uuid()) AS u, pg_typeof(coalesce('a'::char(2), 'b'::text)) AS co, pg_typeof(string_agg('\x01'::bytea, '')) AS agg, pg_typeof(max('a'::char(2))) AS mx;
CREATE TABLE bx (a bpchar, b char, c character(2));
\d bx
CREATE TABLE by2 AS SELECT 'x'::bpchar AS a, max('y'::char(2)) AS m, 'z'::char(3) AS z;
\d by2
DROP TABLE by2;
DROP TABLE bx;
