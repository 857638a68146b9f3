-- Constant folding as PostgreSQL's planner does it (eval_const_expressions): arguments are
-- folded first, so an error inside a strict call with a NULL constant is still raised;
-- COALESCE returns its first non-NULL constant and never folds what follows.
SELECT NULL::int + (1/0);
SELECT NULL + (1/0);
SELECT 1 + NULL::int * (1/0);
SELECT NULL::int + ('nan'::float8)::int;
SELECT abs(NULL::int) + (1/0);
SELECT mod(NULL::int, 1/0);
SELECT NULL::int + 1;
SELECT COALESCE(COALESCE(1,10,100), ('nan'::float8)::int);
SELECT COALESCE(NULL, COALESCE(NULL, 2), 1/0);
SELECT COALESCE(NULL::int, NULL);
SELECT COALESCE(NULL, 1/0, 3);
CREATE TABLE cf (a int);
INSERT INTO cf VALUES (1), (NULL);
SELECT COALESCE(a, 1/0) FROM cf WHERE false;
SELECT COALESCE(COALESCE(NULL, 5), a, 1/0) FROM cf;
SELECT NULL::int + (1/0) FROM cf WHERE false;
DROP TABLE cf;
-- a simple CASE whose operand is untyped compares as text
SELECT CASE NULL WHEN 3 THEN 7 ELSE -1 END;
SELECT CASE '1' WHEN 1 THEN 7 END;
SELECT CASE 'a' WHEN 'a' THEN 7 END;
SELECT CASE NULL WHEN NULL THEN 7 ELSE 8 END;
SELECT CASE NULL WHEN 'x' THEN 7 ELSE 8 END;
SELECT CASE 2 WHEN 1 THEN 'one' WHEN 'x' THEN 'two' END;
SELECT CASE 'a'::text WHEN 1 THEN 7 END;
