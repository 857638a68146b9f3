-- Output forms of psql that the sunstone shell does not draw are refused with an error (the
-- setting is unchanged), never drawn as something else: html (\H too), latex, asciidoc,
-- troff-ms, unicode lines, zero-byte separators, locale-adjusted numbers.  wrapped is drawn
-- aligned (the shell does not wrap to the terminal's width).
\pset format html
\H
\pset format latex
\pset format asciidoc
\pset format troff-ms
\pset linestyle unicode
\pset linestyle ascii
\pset fieldsep_zero
\pset recordsep_zero
\pset numericlocale on
\pset numericlocale off
\pset unicode_border_linestyle double
\pset format wrapped
SELECT 1 AS a, 'x' AS b;
\pset format
