-- psql's \dT and \d over enum types
CREATE TYPE mood AS ENUM ('sad', 'ok');
CREATE SCHEMA s;
CREATE TYPE s.lvl AS ENUM ('lo');
\dT
\dT+
\dT s.*
\dT s.l*
CREATE TABLE t (m mood, l s.lvl);
\d t
SET search_path = s, public;
\dT
\d t
RESET search_path;
DROP TABLE t;
DROP SCHEMA s CASCADE;
DROP TYPE mood;
\dT
