\set VERBOSITY verbose
SELECT x;
SELECT 1 +;
SELECT 1/0;
CREATE TABLE vt (a int);
CREATE TABLE vt (a int);
DROP TABLE vt;
SELECT 'a'::int;
\set VERBOSITY terse
SELECT x;
SELECT 1 +;
SELECT 'a'::int;
\set VERBOSITY sqlstate
SELECT x;
SELECT 1 +;
\set VERBOSITY default
SELECT x;
\set VERBOSITY bogus
\set SHOW_CONTEXT always
SELECT x;
\set SHOW_CONTEXT bogus
