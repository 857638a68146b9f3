-- What Sunstone's json and jsonb do not do yet, refused with 0A000 naming it (PostgreSQL
-- answers these): the multi-column json set-returning functions in the select list.
SELECT jsonb_each('{"a":1}');
SELECT json_each_text('{"a":1}');
-- a path element that is not text is PostgreSQL's 42883 (found when the call runs)
SELECT jsonb_extract_path('{}', 1);
