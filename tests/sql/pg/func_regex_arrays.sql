-- regexp_match and regexp_split_to_array: text[] results
SELECT regexp_match('abc', '(x)?b');
SELECT regexp_match('foobarbequebaz', '(bar)(beque)');
SELECT regexp_match('foobarbequebaz', 'BAR', 'i');
SELECT regexp_match('abc', 'z');
SELECT regexp_match('abc', 'b', 'g');
SELECT regexp_match(NULL, 'b'), regexp_match('abc', NULL);
SELECT (regexp_match('2024-03-05', '(\d+)-(\d+)-(\d+)'))[2];
SELECT regexp_split_to_array('hello world', '\s+'), regexp_split_to_array('hello', ''), regexp_split_to_array('', 'x'), regexp_split_to_array('abc', 'b*');
SELECT regexp_split_to_array('a,b,,c', ','), regexp_split_to_array(',a,', ','), regexp_split_to_array('héllo wörld', '');
SELECT regexp_split_to_array('aXbxc', 'x', 'i');
SELECT regexp_split_to_array('abc', 'b', 'g');
SELECT array_length(regexp_split_to_array('the quick brown fox', ' '), 1);
SELECT regexp_split_to_array('abc', '(');
CREATE TABLE rxt (s text);
INSERT INTO rxt VALUES ('k1=v1'), ('k2=v2'), (NULL), ('none');
SELECT s, regexp_match(s, '(\w+)=(\w+)') FROM rxt ORDER BY s;
DROP TABLE rxt;
