/* json_agg.h — the functions the binder puts around the json aggregates' arguments and result
 * (json_agg.c); the concatenation itself is the aggregate module's (AGG_JSON_ARRAY,
 * AGG_JSON_OBJECT). */
#ifndef SS_TYPES_JSON_AGG_H
#define SS_TYPES_JSON_AGG_H

#include "types/functions.h"

/* any -> text: the value as json_agg's / jsonb_agg's element (NULL as null) */
extern const ss_func_def json_agg_elem_def;
extern const ss_func_def jsonb_agg_elem_def;
/* any -> text: an object key as a JSON string (NULL stays NULL) */
extern const ss_func_def json_agg_key_def;
/* (key JSON string, value JSON text) -> text "key : value": json_object_agg(DISTINCT k, v)'s
   item, which the aggregate appends as it is (NULL key stays NULL) */
extern const ss_func_def json_agg_pair_def;
/* text -> json / jsonb: the module's result read back */
extern const ss_func_def json_agg_result_def;
extern const ss_func_def jsonb_agg_result_def;
/* text -> json: json_agg of arrays read back, with the "\n " PostgreSQL writes before each
 * structured element but the first */
extern const ss_func_def json_agg_array_result_def;
/* (name, value, ...) -> json: a whole row as row_to_json writes it (json_row.c) */
extern const ss_func_def json_row_def;

#endif
