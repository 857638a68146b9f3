/* json_record.h — json_populate_record(set), json_to_record(set) and their jsonb forms
 * (json_record.c): a JSON object's values as the fields of a row type (record.h's
 * descriptors), as PostgreSQL 15's populate_record does. */
#ifndef SS_TYPES_JSON_RECORD_H
#define SS_TYPES_JSON_RECORD_H

#include "sunstone/operator.h"
#include "types/functions.h"

typedef struct json_record_kind {
    bool populate; /* json(b)_populate_record(set): a base record argument first */
    bool set;      /* ..._recordset: an array of objects, a row each */
    bool jsonb;    /* the jsonb_ form */
} json_record_kind;

/* Whether name is one of the eight functions; then what it is. */
bool json_record_function(const char *name, json_record_kind *kind);
/* An ss_srf_expand_fn over (base, json [, bool]) or (json), then the int4 typmod of the row
 * type and an int4 the binder appends: the rows' fields as columns (0), or as one record (1:
 * a ..._recordset in the select list). */
int json_record_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs, ss_srf_emit_fn emit,
                       void *arg);
/* json(b)_populate_record as a value: (base record, json [, bool], int4 typmod), non-strict;
 * the binder gives the call the row type. */
extern const ss_func_def json_populate_record_def, jsonb_populate_record_def;

#endif
