-- x [NOT] LIKE / ILIKE p ESCAPE e (the pattern through like_escape), like_escape itself
SELECT 'a%c' LIKE 'a#%c' ESCAPE '#', 'abc' LIKE 'a#%c' ESCAPE '#', 'a_c' LIKE 'a!_c' ESCAPE '!', 'abc' LIKE 'a!_c' ESCAPE '!', 'a#c' LIKE 'a##c' ESCAPE '#';
SELECT 'a\c' LIKE 'a\c' ESCAPE '', 'a\c' LIKE 'a\\c' ESCAPE '#', 'a%' LIKE 'a\%' ESCAPE '\', 'abc' NOT LIKE 'a#%' ESCAPE '#', 'ABC' ILIKE 'a#_c' ESCAPE '#', 'A_C' ILIKE 'a#_c' ESCAPE '#';
SELECT 'é%' LIKE 'éé%' ESCAPE 'é', 'éx' LIKE 'éé%' ESCAPE 'é', 'x%y' NOT ILIKE 'X$%Y' ESCAPE '$';
SELECT like_escape('a#%b', '#'), like_escape('a\b', ''), like_escape('a\b', '#'), like_escape('a#\b', '#'), like_escape('a\%', '\'), like_escape('##', '#');
SELECT 'a' LIKE 'a' ESCAPE 'xy';
SELECT 'a' LIKE 'a' ESCAPE NULL IS NULL, NULL LIKE 'a' ESCAPE '#' IS NULL;
SELECT 1 LIKE 'x' ESCAPE 'y';
CREATE TABLE le (s text);
INSERT INTO le VALUES ('100%'), ('100'), ('50% off'), ('a_b'), ('ab'), (NULL);
SELECT s, s LIKE '%!%%' ESCAPE '!', s LIKE '%=_%' ESCAPE '=' FROM le ORDER BY s;
SELECT count(*) FROM le WHERE s LIKE '%|%' ESCAPE '|';
