-- regular expressions: back-references where the match is extracted or replaced, the
-- b / e / x / q flags, subjects longer than 4096 characters, PostgreSQL's errors (2201B)
\set VERBOSITY default
-- back-references in extraction
select regexp_matches('abcabc', '(a)(b)c\1', 'g');
select regexp_replace('foofoo bar', '(foo)\1', 'X\1Y');
select substring('xyzxyz' from '(xyz)\1');
select regexp_match('aa', '(a)\1');
select regexp_match('abcabcabc', '(abc)\1*');
select regexp_match('aaaa', '(a*)\1');
select regexp_match('aaaaa', '(a+?)\1');
select regexp_replace('the the cat cat sat', '(\w+) \1', '<\1>', 'g');
select regexp_count('abab abab xyxy', '(\w\w)\1');
select regexp_matches('xx yy zz', '(\w)\1', 'g');
select substring('foo123123bar' from '(\d+)\1');
select regexp_instr('aXbXXc', '(X)\1');
select regexp_substr('aXbXXc', '(X)\1');
select regexp_split_to_array('a11b22c', '(\d)\1');
select regexp_match('abcABC', '(abc)\1', 'i');
select regexp_match('no repeat', '(\w)\1');
select 'a' ~ 'a\1';
-- flags
select regexp_replace('abc', 'b', 'X', 'b');
select regexp_replace('abc', 'b', 'X', 'e');
select regexp_replace('a(b)c', '(b)', 'X', 'b');
select regexp_replace('abbc', 'b\{2\}', 'X', 'b');
select regexp_replace('abc', '\(b\)', '[\1]', 'b');
select regexp_replace('a+b', 'a+b', 'X', 'b');
select regexp_replace('*ab', '*a', 'X', 'b');
select regexp_replace('a^b', 'a^b$', 'X', 'b');
select regexp_replace('abab', '\(ab\)\1', 'X', 'b');
select regexp_replace('word x', '\<x\>', 'X', 'b');
select regexp_replace('a|b', 'a|b', 'X', 'b');
select regexp_replace('ad', 'a\d', 'X', 'e');
select regexp_replace('a\b', '[\]', 'X', 'e');
select regexp_replace('ab', 'a|b', 'X', 'ge');
select regexp_replace('abbb', 'ab+', 'X', 'e');
select regexp_replace('aa', '(a)\1', 'X', 'e');
select regexp_replace('a.c abc', '.', 'X', 'gq');
select regexp_replace('a b c', 'a b', 'X', 'x');
select regexp_replace('ab c', 'a b # a comment', 'X', 'x');
select regexp_match('Hello', 'h(e)', 'i');
select regexp_replace('abc', 'b', 'X', 'z');
-- subjects longer than 4096 characters
select length((regexp_match(repeat('a', 5000), '(a)*'))[1]);
select length((regexp_match(repeat('ab', 3000) || 'c', '((ab)+)c'))[1]);
select (regexp_match(repeat('ab', 3000) || 'c', '(ab)+c'))[1];
select length(substring(repeat('xy', 5000) from '((?:xy)*)'));
select regexp_matches(repeat('a', 4100) || 'b', '(a)+(b)');
select length(regexp_replace(repeat('ab', 5000), '(a)(b)', '\2\1', 'g'));
select regexp_count(repeat('ab', 5000), 'b');
select substring(repeat('a', 5000) || 'XYZ' from 'X(Y)Z');
-- bad patterns
select 'a' ~ '(';
select 'a' ~ '[';
select 'a' ~ 'a{2,1}';
select 'a' ~ '*';
select 'a' ~ 'a**';
select 'a' ~ '\';
select regexp_match('a', 'a)');
