-- IntervalStyle sql_standard: output and input
SET IntervalStyle = 'sql_standard';
SHOW IntervalStyle;
SELECT INTERVAL '1 year 2 months' AS ym, INTERVAL '-1 year -2 months' AS neg_ym, INTERVAL '3 days 04:05:06' AS dt,
       INTERVAL '04:05:06.789' AS t, INTERVAL '0' AS zero;
SELECT INTERVAL '1 year 2 months 3 days 04:05:06' AS mixed_fields, INTERVAL '1 day -1 hour' AS mixed_signs,
       INTERVAL '-3 days' AS neg_days, INTERVAL '-00:00:01.5' AS neg_sec, INTERVAL '5 days' AS days;
SELECT INTERVAL '-1 year 2 months' AS a, INTERVAL '1 mon' AS b, INTERVAL '100 hours' AS c, INTERVAL '0.000001 sec' AS d;
SELECT INTERVAL '-1 2:03:04' AS neg_all, INTERVAL '-1 +2:03:04' AS explicit, INTERVAL '1-2' AS year_month,
       INTERVAL '-1-2' AS neg_year_month, INTERVAL '1 2:03' AS day_hm;
SELECT '-1 1:00:00'::interval + INTERVAL '1 day' AS sum, justify_hours(INTERVAL '27 hours') AS jh;
SELECT make_interval(years => 1, days => -2, secs => 3.5) AS mk, INTERVAL '178956970 years 7 months' AS big;
CREATE TABLE ty_iv (v interval);
INSERT INTO ty_iv VALUES ('1 day'), ('-1 2:00:00'), ('1-6'), (NULL);
SELECT v, v::text AS t FROM ty_iv ORDER BY v;
SET IntervalStyle = 'postgres';
SELECT v FROM ty_iv ORDER BY v;
SELECT INTERVAL '-1 2:03:04' AS postgres_style_input;
DROP TABLE ty_iv;
