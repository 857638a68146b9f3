-- SHOW ALL: every setting, its value as SHOW prints it, and its description, ordered by name
-- without case as PostgreSQL's GUC table is; a SET is reflected, and SET LOCAL rolls back
SET work_mem = '8MB';
SET DateStyle = 'German';
\pset pager off
SHOW ALL;
BEGIN;
SET LOCAL work_mem = '1GB';
SHOW ALL;
ROLLBACK;
SHOW work_mem;
