-- jsonpath constructs outside Sunstone's subset are 0A000 naming them (PostgreSQL 15 runs them)
select jsonb_path_query('{"a":{"b":1}}', '$.**');
select jsonb_path_query('{"a":1}', '$.keyvalue()');
select jsonb_path_query('"2024-01-01"', '$.datetime()');
select jsonb_path_query_tz('1', '$');
