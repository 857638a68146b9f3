-- Named arguments in function calls (name => value, name := value) and their errors
SELECT make_interval(days => 3);
SELECT make_interval(1, days := 3) AS a, make_interval(secs => 1.5, hours => 2) AS b;
SELECT make_interval(years => 1, months => 2, weeks => 3, days => 4, hours => 5, mins => 6, secs => 7.25);
SELECT make_date(day => 5, month => 2, year => 2024) AS d, make_time(sec => 1.5, min => 2, hour => 3) AS t;
SELECT make_timestamp(2024, 1, 2, sec => 3, min => 4, hour => 5);
SET TIME ZONE 'UTC';
SELECT make_timestamptz(2024, 1, 2, 3, 4, 5, timezone => 'Asia/Kolkata') AS a,
       make_timestamptz(year => 2024, month => 1, mday => 2, hour => 3, min => 4, sec => 5) AS b;
SELECT jsonb_set(jsonb_in => '{"a":1}', path => '{b}', replacement => '2') AS a,
       jsonb_set('{"a":1}', '{a}', '3', create_if_missing => false) AS b,
       jsonb_insert('[1,2]', '{0}', '9', insert_after => true) AS c;
SELECT jsonb_array_elements_text(from_json => '[1,"x"]') AS v;
SELECT * FROM jsonb_each(from_json => '{"a":1,"b":[2]}') ORDER BY key;
CREATE TABLE ty_na (d int);
INSERT INTO ty_na VALUES (1), (10);
SELECT d, make_interval(days => d, hours => d * 2) FROM ty_na ORDER BY d;
SELECT make_interval(days => d) FROM ty_na GROUP BY make_interval(days => d) ORDER BY 1;
SELECT make_interval(days => d) FROM ty_na GROUP BY make_interval(hours => d);
SELECT make_interval(days => 3, 1);
SELECT make_interval(days => 3, days => 4);
SELECT make_interval(dayz => 3);
SELECT make_interval(1, years => 2);
SELECT make_date(year => 2024, month => 1);
SELECT abs(x => 1);
SELECT make_interval(days => '3') AS a, make_interval(days => NULL) AS b;
SELECT make_interval(days => 'x');
SELECT lower(string => 'A');
DROP TABLE ty_na;
