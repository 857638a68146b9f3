-- ORDER BY beyond work_mem: with work_mem = 64kB the sort writes sorted runs to temporary
-- files and merges them; every answer must equal the one at the default work_mem.
\i include/spill_data.sql
SELECT count(*) FROM t;
SET work_mem = '64kB';
SHOW work_mem;
\i include/spill_sort_queries.sql
RESET work_mem;
SHOW work_mem;
\i include/spill_sort_queries.sql
