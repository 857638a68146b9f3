-- op ANY / ALL (array) with the regular expression operators, beside LIKE / ILIKE
SELECT 'abc' ~ ANY (ARRAY['^a', 'x']) AS a, 'abc' ~ ALL (ARRAY['^a', 'x']) AS b;
SELECT 'ABC' ~* ANY (ARRAY['^a', 'x']) AS a, 'abc' !~ ALL (ARRAY['^x', 'y']) AS b;
SELECT 'abc' !~* ANY (ARRAY['^A', 'B']) AS a, 'abc' !~* ALL (ARRAY['^A', 'z']) AS b;
SELECT 'abc' ~ ANY (ARRAY['x', NULL]) AS a, 'abc' ~ ANY (ARRAY['a', NULL]) AS b, NULL ~ ANY (ARRAY['a']) AS c;
SELECT 'abc' ~ ANY ('{}'::text[]) AS a, 'abc' ~ ALL ('{}'::text[]) AS b;
SELECT 'abc' LIKE ANY (ARRAY['a%', 'x']) AS a, 'abc' ILIKE ALL (ARRAY['A%', '%C']) AS b, 'abc' NOT ILIKE ANY (ARRAY['A%']) AS c;
CREATE TABLE ty_pat (s text, p text[]);
INSERT INTO ty_pat VALUES ('apple', '{^a,e$}'), ('banana', '{^a,n}'), ('cherry', '{x,y}'), (NULL, '{a}'), ('kiwi', NULL);
SELECT s, s ~ ANY (p) AS any_match, s ~ ALL (p) AS all_match, s ~* ANY (ARRAY['^B', '^C']) AS ci FROM ty_pat ORDER BY s;
SELECT s FROM ty_pat WHERE s ~ ANY (ARRAY['an', 'rr']) ORDER BY s;
SELECT 'abc' ~ ANY (ARRAY['(']);
SELECT 1 ~ ANY (ARRAY['1']);
SELECT 'abc' ~ ANY (ARRAY[1, 2]);
DROP TABLE ty_pat;
