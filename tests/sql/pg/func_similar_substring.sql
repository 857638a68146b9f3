-- substring(x SIMILAR pattern ESCAPE e), substring(x FROM pattern FOR e), SIMILAR TO ... ESCAPE
SELECT substring('foobar' SIMILAR '%#"o_b#"%' ESCAPE '#'), substring('foobar' FROM '%#"o_b#"%' FOR '#'), substring('foobar' SIMILAR '#"o_b#"%' ESCAPE '#') IS NULL;
SELECT substring('foobar' SIMILAR 'f%' ESCAPE '#'), substring('foobar' SIMILAR 'x%' ESCAPE '#') IS NULL, substring('abcdefg' SIMILAR 'a#"(b_d)#"%' ESCAPE '#'), substring('abc' SIMILAR '%' ESCAPE '');
SELECT substring('Thomas' SIMILAR '%#"o_a#"_' ESCAPE '#'), substring('Thomas' SIMILAR '#"%#"' ESCAPE '#'), substring('a.b' SIMILAR '%!".!"%' ESCAPE '!'), substring('héllo' SIMILAR 'h#"é%#"o' ESCAPE '#');
SELECT substring('foobar' SIMILAR '%#"o#"b#"%' ESCAPE '#');
SELECT substring('foobar' SIMILAR '%o%' ESCAPE 'xy');
SELECT substring('foobar' SIMILAR '%' ESCAPE NULL) IS NULL, substring(NULL SIMILAR '%' ESCAPE '#') IS NULL;
SELECT 'abc' SIMILAR TO 'a#%' ESCAPE '#', 'a%' SIMILAR TO 'a#%' ESCAPE '#', 'a_c' SIMILAR TO 'a\_c', 'abc' SIMILAR TO 'a\_c', 'a_c' NOT SIMILAR TO 'a$_c' ESCAPE '$';
CREATE TABLE sim (s text, p text, e text);
INSERT INTO sim VALUES ('2024-05-06', '%-#"__#"-%', '#'), ('item:42;', '%:!"%!";', '!'), ('none', '%#"x#"%', '#'), (NULL, '%', '#');
SELECT s, substring(s SIMILAR p ESCAPE e), substring(s FROM p FOR e), s SIMILAR TO replace(p, e || '"', '') ESCAPE e FROM sim ORDER BY s;
