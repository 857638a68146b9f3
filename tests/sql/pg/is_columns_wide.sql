-- information_schema.columns read with every column at once (a scan wider than 32 columns
-- once overflowed a fixed array in the system-view scan and crashed the process)
CREATE TABLE wide_t (a int NOT NULL DEFAULT 7, b text, c numeric(10,2), d varchar(20), e timestamptz, f boolean);
\x on
SELECT table_schema, table_name, column_name, ordinal_position, column_default, is_nullable, data_type, character_maximum_length, character_octet_length, numeric_precision, numeric_precision_radix, numeric_scale, datetime_precision, interval_type, interval_precision, character_set_catalog, character_set_schema, character_set_name, collation_catalog, collation_schema, collation_name, domain_catalog, domain_schema, domain_name, udt_schema, udt_name, scope_catalog, scope_schema, scope_name, maximum_cardinality, dtd_identifier, is_self_referencing, is_identity, identity_generation, identity_start, identity_increment, identity_maximum, identity_minimum, identity_cycle, is_generated, generation_expression, is_updatable FROM information_schema.columns WHERE table_name = 'wide_t' ORDER BY ordinal_position;
\x off
SELECT count(*) FROM (SELECT * FROM information_schema.columns WHERE table_name = 'wide_t') s;
