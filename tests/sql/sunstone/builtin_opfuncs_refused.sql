-- PostgreSQL lets a query call an operator's implementation function or an aggregate's
-- support function by name; Sunstone refuses the ones it lacks as features (0A000), not as
-- unknown functions (42883).
\set VERBOSITY verbose
SELECT int4pl(1, 2);
SELECT text_larger('a', 'b');
SELECT float8_accum('{0,0,0}'::float8[], 1.0);
SELECT int4larger(1, 2);
SELECT nosuchfn(1);
