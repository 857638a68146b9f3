-- normalize(text [, form]) and IS [NOT] [form] NORMALIZED: NFC (default), NFD, NFKC, NFKD
SELECT normalize(unistr('\0061\0308')) = unistr('\00E4'), normalize(unistr('\0061\0308'), NFC) = unistr('\00E4'), length(normalize(unistr('\00E4'), NFD)), normalize(unistr('\FB01'), NFKD), normalize(unistr('\FB01'), NFKC), normalize(unistr('\FB01'), NFC) = unistr('\FB01');
SELECT unistr('\00E4') IS NORMALIZED, unistr('\00E4') IS NFD NORMALIZED, unistr('\00E4') IS NOT NFKD NORMALIZED, unistr('\0061\0308') IS NFC NORMALIZED, 'abc' IS NFKC NORMALIZED, unistr('\FB01') IS NOT NFKC NORMALIZED;
SELECT is_normalized('a', 'nfc'), is_normalized(unistr('\00C5'), 'NFKD'), normalize(NULL) IS NULL, NULL IS NORMALIZED, octet_length(normalize(unistr('\1E9B\0323'), NFKC)), octet_length(normalize(unistr('\1E9B\0323'), NFD));
SELECT is_normalized('a', 'xyz');
CREATE TABLE nz (s text);
INSERT INTO nz VALUES (unistr('Cafe\0301')), (unistr('Caf\00E9')), ('plain'), (NULL);
SELECT s IS NFC NORMALIZED AS nfc, length(s), length(normalize(s, NFD)), normalize(s) = unistr('Caf\00E9') AS same FROM nz ORDER BY 2, 1;
SELECT count(DISTINCT normalize(s, NFC)) FROM nz;
