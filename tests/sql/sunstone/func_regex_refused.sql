-- Regular-expression features Sunstone refuses with 0A000 naming them: POSIX basic /
-- extended syntax, back-references where a match is replaced, counted or extracted.
SELECT regexp_replace('abc', 'b', 'x', 'b');
SELECT regexp_replace('abc', 'b', 'x', 'e');
SELECT regexp_replace('aa', '(a)\1', 'X');
