-- Stable functions, operators and casts are not folded at plan time (PostgreSQL's
-- eval_const_expressions folds only immutable ones): their errors come only for rows read,
-- and a prepared statement computes them again at each EXECUTE.
SET TimeZone = 'UTC';
CREATE TABLE e (a int, t timestamptz, d date);
-- stable: no row read, no error
SELECT a FROM e WHERE d = '2020-13-45'::text::date;
SELECT a FROM e WHERE t < date_trunc('bogus', timestamptz '2020-01-01 00:00+00');
SELECT a FROM e WHERE a = extract('bogus' from timestamptz '2020-01-01 00:00+00');
SELECT a FROM e WHERE t = ('x' || 'y')::text::timestamptz;
SELECT a FROM e WHERE d = to_date('2020-99-99', 'YYYY-MM-DD');
SELECT a FROM e WHERE a::text = to_char(1, 'RNRN9');
-- immutable: folded while planning, so the error comes even on an empty table
SELECT a FROM e WHERE t::timestamp < date_trunc('bogus', timestamp '2020-01-01');
SELECT a FROM e WHERE a = extract('bogus' from timestamp '2020-01-01');
SELECT a FROM e WHERE a = '12x'::text::int;
-- with a row, the stable ones raise
INSERT INTO e VALUES (1, '2020-01-01 00:00+00', '2020-01-01');
SELECT a FROM e WHERE d = '2020-13-45'::text::date;
SELECT a FROM e WHERE t < date_trunc('bogus', timestamptz '2020-01-01 00:00+00');
SELECT a FROM e WHERE t = ('x' || 'y')::text::timestamptz;
-- prepared statements evaluate stable expressions again at each EXECUTE
PREPARE p AS SELECT timestamptz '2020-01-01 12:00+00'::text AS txt,
       extract(hour FROM timestamptz '2020-01-01 12:00+00') AS hour,
       timestamptz '2020-01-01 12:00+00'::date AS day,
       date_trunc('day', timestamptz '2020-01-01 12:00+00') AS trunc,
       to_char(timestamptz '2020-01-01 12:00+00', 'HH24:MI TZ') AS chr,
       timestamptz '2020-01-01 12:00+00' + interval '1 day' AS plus,
       timestamp '2020-01-01 12:00' = timestamptz '2020-01-01 12:00+00' AS same;
EXECUTE p;
SET TimeZone = 'Asia/Tokyo';
EXECUTE p;
SET TimeZone = 'America/New_York';
EXECUTE p;
PREPARE q AS SELECT t::text, t::date, t + interval '1 month' FROM e;
EXECUTE q;
SET TimeZone = 'UTC';
EXECUTE q;
-- DateStyle is read when the statement runs too
PREPARE r AS SELECT date '2020-03-04'::text, '03/04/2020'::text::date;
SET DateStyle = 'ISO, MDY';
EXECUTE r;
SET DateStyle = 'ISO, DMY';
EXECUTE r;
SET DateStyle = 'ISO, MDY';
-- immutable calls still fold: a prepared statement keeps their value
PREPARE s AS SELECT 1 + 2, length('abc'), 42::text, timestamp '2020-01-01' + interval '1 day';
EXECUTE s;
DEALLOCATE p;
DEALLOCATE q;
DEALLOCATE r;
DEALLOCATE s;
DROP TABLE e;
