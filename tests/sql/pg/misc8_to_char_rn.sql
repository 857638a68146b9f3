-- to_char with RN beside other patterns: only RN and literal text print, separators, MI and
-- PL are blanks (none under FM), SG is '+', L a blank, digits / S / PR / V / TH nothing
select '|' || to_char(4, 'RN') || '|', '|' || to_char(4, 'rn') || '|', '|' || to_char(4, 'FMRN') || '|';
select '|' || to_char(1994, 'RN9999') || '|', '|' || to_char(1994, '9999RN') || '|', '|' || to_char(1994, 'RN 9999') || '|';
select '|' || to_char(12, 'RN-RN') || '|', '|' || to_char(12, 'RNRN') || '|', '|' || to_char(12, '"x"RN"y"') || '|';
select '|' || to_char(12, 'RN.99') || '|', '|' || to_char(12.5, '99.9RN') || '|', '|' || to_char(12, 'S RN') || '|';
select '|' || to_char(3999, 'RN') || '|', '|' || to_char(4000, 'RN') || '|', '|' || to_char(0, 'RN') || '|', '|' || to_char(-5, 'RN') || '|';
select '|' || to_char(7, 'FMRN9') || '|', '|' || to_char(7, 'RNFM9') || '|', '|' || to_char(1234, '9,999RN') || '|', '|' || to_char(1234, 'FM9,999RN') || '|';
select '|' || to_char(8, 'RNth') || '|', '|' || to_char(8, 'RN PR') || '|', '|' || to_char(-8, 'RN PR') || '|', '|' || to_char(8::numeric, 'RN MI') || '|';
select '|' || to_char(8, 'RN PL') || '|', '|' || to_char(8, 'FMRN PL') || '|', '|' || to_char(8, 'RN SG') || '|', '|' || to_char(-8, 'RN SG') || '|', '|' || to_char(8, 'RN L') || '|', '|' || to_char(8, 'FMRNL') || '|';
select '|' || to_char(8, 'RN G 9') || '|', '|' || to_char(8, 'RN D 9') || '|', '|' || to_char(8, 'RN B9') || '|', '|' || to_char(8, 'RN 0000') || '|';
select '|' || to_char(8.7::float8, 'RN') || '|', '|' || to_char(8.5::float4, 'RN') || '|', '|' || to_char(8::int8, 'RN 9') || '|', '|' || to_char(2::int2, '"<"RN">"') || '|';
select '|' || to_char(1999, 'RN') || to_char(1999, 'FMrn') || '|', '|' || to_char(25, 'RNV9') || '|', '|' || to_char(25, 'RN0000') || '|';
select '|' || to_char(25, 'RNEEEE') || '|';
