-- regexp_instr and regexp_substr: start, N, endoption, flags, subexpr
SELECT regexp_instr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_instr('abcabc', 'c', 1, 2), regexp_instr('abc', 'x');
SELECT regexp_instr('ABCDEFGHI', '(c..)(...)', 1, 1, 0, 'i', 2), regexp_instr('ABCDEFGHI', '(c..)(...)', 1, 1, 1, 'i', 2), regexp_instr('héllo wörld', 'w.r');
SELECT regexp_instr('abcabc', 'b', 3), regexp_instr('abcabc', 'b', 3, 1, 1), regexp_instr('abc', '(x)?b', 1, 1, 0, '', 1), regexp_instr('abc', 'b', 1, 1, 0, '', 5);
SELECT regexp_substr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_substr('ABCDEFGHI', '(c..)(...)', 1, 1, 'i', 2), regexp_substr('abc', 'x') IS NULL;
SELECT regexp_substr('abcabc', 'b.', 3), regexp_substr('aXbXc', '(.*?)X', 1, 2, '', 1), regexp_substr('abc', '(.*?)(\d+)(.*)') IS NULL;
SELECT regexp_instr('abc', 'b', 0);
SELECT regexp_instr('abc', 'b', 1, 0);
SELECT regexp_instr('abc', 'b', 1, 1, 2);
SELECT regexp_instr('abc', 'b', 1, 1, 0, 'g');
SELECT regexp_substr('abc', 'b', 1, 1, '', -1);
SELECT regexp_substr('abc', 'b', 1, 1, 'z');
