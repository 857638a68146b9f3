-- generate_series over timestamp and timestamptz with an interval step, in FROM and the
-- select list, across month ends and DST.
SET TIME ZONE 'UTC';
SELECT * FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-02', interval '6 hours');
SELECT * FROM generate_series(timestamp '2024-01-31', timestamp '2024-06-30', interval '1 month');
SELECT * FROM generate_series(timestamp '2024-01-03', timestamp '2024-01-01', interval '-1 day');
SELECT * FROM generate_series(timestamp '2024-01-01', timestamp '2023-01-01', interval '1 day');
SELECT g, g + interval '1 hour' FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-01 02:00', interval '1 hour') AS g;
SELECT count(*) FROM generate_series(timestamp '2024-01-01', timestamp '2024-12-31', interval '1 day');
SELECT generate_series(timestamp '2024-02-27', timestamp '2024-03-01', interval '1 day');
SET TIME ZONE 'Europe/Berlin';
SELECT * FROM generate_series(timestamptz '2024-03-30', timestamptz '2024-04-01', interval '1 day');
SELECT * FROM generate_series(timestamptz '2024-03-31 00:00', timestamptz '2024-03-31 04:00', interval '1 hour');
SELECT * FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-02', interval '0');
SELECT date(g) FROM generate_series(date '2024-02-27', date '2024-03-01', interval '1 day') g;
SELECT * FROM generate_series('2020-01-01'::timestamp, '2020-01-01 02:00', '1 hour');
SELECT * FROM generate_series('2020-01-01', '2020-01-01 02:00'::timestamptz, '1 hour') WITH ORDINALITY;
SELECT * FROM generate_series(timestamp '294276-12-31 23:00', timestamp 'infinity', interval '1 hour') LIMIT 2;
SELECT * FROM generate_series(timestamp '2024-01-01', NULL, interval '1 day');
