-- width_bucket(operand, thresholds anycompatiblearray): the bucket of a sorted array of thresholds
SELECT width_bucket(5, ARRAY[1, 3, 5, 7]), width_bucket(0, ARRAY[1, 3]), width_bucket(10, ARRAY[1, 3]), width_bucket(4, ARRAY[1, 3, 5, 7]), width_bucket(1, ARRAY[1]);
SELECT width_bucket(10.5, ARRAY[1.0, 5.5, 11]), width_bucket(5.5, ARRAY[1, 5.5, 11]), width_bucket(2.5::float8, ARRAY[1, 2, 3]), width_bucket(2, ARRAY[1.5, 2.5]);
SELECT width_bucket('b', ARRAY['a', 'c']), width_bucket('cat'::text, ARRAY['apple', 'banana', 'cherry']), width_bucket(date '2024-06-01', ARRAY[date '2024-01-01', date '2024-07-01']);
SELECT width_bucket(1, '{}'::int[]), width_bucket(NULL, ARRAY[1]) IS NULL, width_bucket(1, NULL::int[]) IS NULL, width_bucket(1, ARRAY[3, 2, 1]);
SELECT width_bucket(1, ARRAY[[1, 2], [3, 4]]);
SELECT width_bucket(1, ARRAY[1, NULL]);
SELECT width_bucket(1, 2);
SELECT width_bucket('a'::text, ARRAY[1, 2]);
CREATE TABLE wb (v int);
INSERT INTO wb VALUES (-5), (0), (15), (50), (99), (100), (1000), (NULL);
SELECT v, width_bucket(v, ARRAY[0, 10, 50, 100]) FROM wb ORDER BY v;
SELECT width_bucket(v, ARRAY[0, 10, 50, 100]) AS b, count(*) FROM wb GROUP BY 1 ORDER BY 1;
