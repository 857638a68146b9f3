-- the encoding functions: getdatabaseencoding(), pg_client_encoding() (UTF8), convert_to / convert_from
SELECT getdatabaseencoding(), pg_client_encoding();
SELECT convert_to('é', 'UTF8'), convert_from('\xc3a9', 'UTF8'), octet_length(convert_to('été', getdatabaseencoding()));
