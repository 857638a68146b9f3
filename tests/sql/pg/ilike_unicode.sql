-- ILIKE folds case beyond ASCII, as lower() maps characters in a UTF-8 database (C.UTF-8);
-- upper() and lower() agree with it.
SELECT 'HÉLLO' ILIKE 'héllo' AS a, 'héllo' ILIKE 'HÉLLO' AS b, 'HÉLLO' ILIKE 'h_llo' AS c,
       'HÉLLO' ILIKE '%É%' AS d, 'HÉLLO' NOT ILIKE 'héllo' AS e;
SELECT 'ÀÉÎÕÜ' ILIKE 'àéîõü' AS a, 'ПРИВЕТ' ILIKE 'привет' AS b, 'ǅ' ILIKE 'Ǆ' AS c,
       'Ⱥ' ILIKE 'ⱥ' AS d, '' ILIKE '' AS e, 'x' ILIKE '' AS f;
-- lower() is simple, one character to one: no ß = SS, final sigma is its own letter
SELECT 'ǅ' ILIKE 'ǆ' AS a, 'ß' ILIKE 'SS' AS b, 'Σ' ILIKE 'ς' AS c, 'K' ILIKE 'k' AS d,
       'İ' ILIKE 'i' AS e, 'ΣΑΣ' ILIKE 'σας' AS f;
SELECT 'HÉLLO' ~~* 'hé%' AS a, 'HÉLLO' !~~* 'hé%' AS b, 'HÉLLO' LIKE 'hé%' AS c,
       'é\' ILIKE 'É\\' AS d, 'É' ILIKE 'é\' AS e;
SELECT 'é' ILIKE 'é\';
SELECT upper('héllo ǆ ß ﬁ ς'), lower('HÉLLO ǅ İ Σ'), upper('ⱥ'), lower('Ⱥ');
CREATE TABLE names (n text);
INSERT INTO names VALUES ('Émile'), ('émile'), ('EMILE'), ('Ölaf'), ('ölaf'), ('Zoë'), ('ZOË'), (NULL);
SELECT n FROM names WHERE n ILIKE 'émile' ORDER BY n;
SELECT n FROM names WHERE n ILIKE '%ë' ORDER BY n;
SELECT n FROM names WHERE n ILIKE 'ö%' ORDER BY n;
SELECT count(*) FROM names WHERE n ILIKE '%';
SELECT n, n ILIKE 'ÉMILE' AS e, n ILIKE 'zoë' AS z, n NOT ILIKE '%Ö%' AS o FROM names ORDER BY n;
DROP TABLE names;
-- a pattern that is a function call is an ordinary operand (only ESCAPE wraps it in like_escape)
SELECT 'a' LIKE upper('a'), 'A' LIKE upper('a'), 'A' ILIKE lower('A'), 'x' NOT LIKE lower('X');
