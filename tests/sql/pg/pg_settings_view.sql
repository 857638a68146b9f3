-- pg_settings as a view: values in their units, source after SET, enumvals, the session's own
SELECT name, setting, unit, category, context, vartype, source, min_val, max_val, boot_val, reset_val
  FROM pg_settings WHERE name IN ('work_mem', 'statement_timeout', 'extra_float_digits', 'hash_mem_multiplier',
                                  'bytea_output', 'IntervalStyle', 'default_transaction_read_only')
  ORDER BY name;
SELECT name, enumvals, enumvals[1] AS first FROM pg_settings WHERE name IN ('bytea_output', 'default_transaction_isolation') ORDER BY name;
SELECT short_desc, extra_desc FROM pg_settings WHERE name = 'work_mem';
SET work_mem = '2MB';
SET statement_timeout = '1min';
SELECT name, setting, source, reset_val FROM pg_settings WHERE name IN ('work_mem', 'statement_timeout') ORDER BY name;
RESET work_mem;
SELECT name, setting, source FROM pg_settings WHERE name = 'work_mem';
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT name, setting FROM pg_settings WHERE name IN ('transaction_isolation', 'transaction_read_only') ORDER BY name;
COMMIT;
SELECT count(*) AS lower_case FROM pg_settings WHERE name = 'datestyle';
SELECT name, vartype FROM pg_settings WHERE name = 'DateStyle';
SELECT pending_restart, sourcefile, sourceline FROM pg_settings WHERE name = 'work_mem';
RESET statement_timeout;
-- pg_prepared_statements
SELECT count(*) FROM pg_prepared_statements;
PREPARE q1 (int, text) AS SELECT $1, $2;
PREPARE q2 AS SELECT 1;
PREPARE q3 (varchar, numeric) AS SELECT $1, $2;
SELECT name, rtrim(statement, ';') AS statement, parameter_types, from_sql, prepare_time <= now() AS past FROM pg_prepared_statements ORDER BY name;
DEALLOCATE q1;
SELECT name FROM pg_prepared_statements ORDER BY name;
DEALLOCATE ALL;
SELECT count(*) FROM pg_prepared_statements;
