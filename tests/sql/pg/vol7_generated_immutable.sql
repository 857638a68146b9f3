-- A generation expression must be immutable (42P17): stable functions, operators and casts
-- are refused as volatile ones are.  CHECK constraints and defaults accept them.
SET TimeZone = 'UTC';
CREATE TABLE g1 (t timestamptz, s text GENERATED ALWAYS AS (t::text) STORED);
CREATE TABLE g1 (t timestamptz, s date GENERATED ALWAYS AS (t::date) STORED);
CREATE TABLE g1 (t timestamptz, s text GENERATED ALWAYS AS (to_char(t, 'YYYY')) STORED);
CREATE TABLE g1 (t timestamptz, s timestamptz GENERATED ALWAYS AS (t + interval '1 day') STORED);
CREATE TABLE g1 (t timestamptz, s timestamptz GENERATED ALWAYS AS (date_trunc('day', t)) STORED);
CREATE TABLE g1 (t timestamptz, s float8 GENERATED ALWAYS AS (extract(epoch FROM t)) STORED);
CREATE TABLE g1 (t timestamp, s bool GENERATED ALWAYS AS (t = timestamptz '2020-01-01 00:00+00') STORED);
CREATE TABLE g1 (a timestamptz, s text GENERATED ALWAYS AS (a || 'x') STORED);
CREATE TABLE g1 (a text, s text GENERATED ALWAYS AS (concat(a, 'x')) STORED);
CREATE TABLE g1 (a text, s date GENERATED ALWAYS AS (a::date) STORED);
CREATE TABLE g1 (a date, s text GENERATED ALWAYS AS (a::text) STORED);
CREATE TABLE g1 (a text, s date GENERATED ALWAYS AS (to_date(a, 'YYYY-MM-DD')) STORED);
CREATE TABLE g1 (a int, s timestamptz GENERATED ALWAYS AS (now()) STORED);
CREATE TABLE g1 (a int, s float8 GENERATED ALWAYS AS (random() * a) STORED);
-- immutable ones are accepted
CREATE TABLE g2 (
    t timestamp,
    a int,
    x text,
    d date,
    s1 timestamp GENERATED ALWAYS AS (date_trunc('day', t)) STORED,
    s2 text GENERATED ALWAYS AS (a::text) STORED,
    s3 text GENERATED ALWAYS AS (x || 'x') STORED,
    s4 timestamp GENERATED ALWAYS AS (t + interval '1 day') STORED,
    s5 text GENERATED ALWAYS AS (quote_literal(a)) STORED,
    s6 int GENERATED ALWAYS AS (length(upper(x)) + a * 2) STORED,
    s7 text GENERATED ALWAYS AS (upper(x) || lower(x)) STORED,
    s8 int GENERATED ALWAYS AS (a % 2 + abs(a - 10)) STORED
);
INSERT INTO g2 (t, a, x, d) VALUES ('2020-05-06 07:08:09', 3, 'ab', '2020-01-11');
SELECT * FROM g2;
-- CHECK constraints and defaults may be stable or volatile
CREATE TABLE c1 (t timestamptz CHECK (t::text <> '') DEFAULT now(), d date DEFAULT current_date,
                 s text CHECK (to_char(t, 'YYYY') > '1999'));
INSERT INTO c1 VALUES ('2020-01-01 00:00+00', '2020-01-01', 'x');
INSERT INTO c1 VALUES ('1990-01-01 00:00+00', '2020-01-01', 'x');
SELECT t, d, s FROM c1;
DROP TABLE g2;
DROP TABLE c1;
