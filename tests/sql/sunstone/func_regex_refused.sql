-- Regular-expression functions that return sets where Sunstone's set-returning rule does not
-- allow them, and POSIX basic / extended syntax: refused with 0A000 naming them.
SELECT regexp_matches('abc', 'b');
SELECT regexp_split_to_table('a b', ' ');
SELECT * FROM regexp_split_to_table('a b', ' ');
SELECT regexp_replace('abc', 'b', 'x', 'b');
SELECT regexp_replace('abc', 'b', 'x', 'e');
SELECT regexp_replace('aa', '(a)\1', 'X');
