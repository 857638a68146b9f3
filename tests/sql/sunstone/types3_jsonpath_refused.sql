-- jsonpath constructs outside Sunstone's subset are 0A000 naming them (PostgreSQL 15 runs them)
select jsonb_path_query('"2024-01-01"', '$.datetime()');
select jsonb_path_query_tz('"12:30"', '$.datetime("HH24:MI")');
select '$.datetime("HH24:MI")'::jsonpath;
