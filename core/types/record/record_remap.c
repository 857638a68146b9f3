/* record_remap.c — the values of a column using a relation's row type laid out anew after
 * ALTER TABLE of the relation (ADD / DROP / RENAME COLUMN, catalog/rowtype_deps.c): each
 * record, or each item of an array of them (t[]), gets the new row type's fields, each from
 * the old field the map names or NULL (an added field); a NULL value or item stays NULL and
 * an array keeps its dimensions and lower bounds.  PostgreSQL reads its stored composite
 * values under the new descriptor the same way. */
#include "types/record/record.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

/* The record old laid out as d with field k from old's field map[k] (-1: NULL), into sb. */
static void remap_one(const rec_desc *d, const ss_text *old, const int32_t *map, ss_strbuf *sb)
{
    int32_t types[REC_MAX_FIELDS];
    ss_value vals[REC_MAX_FIELDS];
    for (uint32_t k = 0; k < d->nfields && k < REC_MAX_FIELDS; k++) {
        types[k] = d->types[k].id;
        memset(&vals[k], 0, sizeof vals[k]);
        vals[k].is_null = true;
        if (map[k] >= 0)
            rec_field(old, (uint32_t)map[k], &vals[k], NULL);
    }
    rec_encode_buf(types, vals, d->nfields, sb);
}

/* An array of records remapped item by item into sb (the items' bytes live in items' own
   buffer until it is encoded). */
static int remap_array(const rec_desc *d, const ss_text *old, const int32_t *map, ss_strbuf *sb)
{
    ss_array a;
    arr_decode(old, &a);
    ss_value *items = malloc(sizeof *items * (a.nitems ? a.nitems : 1));
    ss_strbuf recs;
    ss_strbuf_init(&recs);
    size_t *offs = malloc(sizeof *offs * (a.nitems ? a.nitems : 1));
    if (!items || !offs) {
        free(items), free(offs);
        return SS_ERROR;
    }
    arr_iter it;
    arr_iter_init(&it, &a);
    for (uint32_t k = 0; k < a.nitems && arr_iter_next(&it, &items[k]); k++) {
        offs[k] = recs.len;
        if (!items[k].is_null) {
            ss_text rec = items[k].v.s;
            remap_one(d, &rec, map, &recs);
        }
    }
    for (uint32_t k = 0; k < a.nitems; k++) /* recs no longer grows: point the items into it */
        if (!items[k].is_null)
            items[k].v.s = (ss_text){.ptr = recs.data + offs[k],
                                     .len = (uint32_t)((k + 1 < a.nitems ? offs[k + 1] : recs.len) - offs[k])};
    int rc = recs.oom ? SS_ERROR : SS_OK;
    if (rc == SS_OK)
        arr_encode_buf(SS_TYPE_RECORD, a.ndims, a.dims, a.lbound, items, a.nitems, sb);
    ss_strbuf_free(&recs);
    free(items), free(offs);
    return rc;
}

/* args: the value (record or record[]), then the new field map as int4 constants; out's
   type carries the new row type's typmod. */
static int eval_remap(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    const rec_desc *d = rec_desc_get(out->type.typmod);
    if (!d || nargs != d->nfields + 1 || d->nfields > REC_MAX_FIELDS)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "row type remap of an unknown row type");
    int32_t map[REC_MAX_FIELDS];
    bool array = out->type.id == SS_TYPE_RECORD_ARRAY;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value v;
        ss_vector_get_value(args[0], row, &v);
        if (v.is_null) {
            rc = ss_vector_ensure_validity(ctx, out) ? SS_ERROR : ss_vector_set_value(ctx, out, row, &v);
            continue;
        }
        for (uint32_t f = 0; f < d->nfields; f++) {
            ss_value m;
            ss_vector_get_value(args[f + 1], row, &m);
            map[f] = m.is_null ? -1 : (int32_t)m.v.i;
        }
        ss_strbuf_clear(&sb);
        if (array ? remap_array(d, &v.v.s, map, &sb) != SS_OK : (remap_one(d, &v.v.s, map, &sb), false))
            sb.oom = true;
        rc = sb.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                    : ss_vector_set_text(ctx, out, row, sb.data ? sb.data : "", sb.len);
    }
    ss_strbuf_free(&sb);
    return rc;
}

const ss_func_def rec_remap_def = {.name = REC_REMAP_FUNC, .nargs = 1, .variadic_any = true,
                                   .result = SS_TYPE_INVALID, .eval = eval_remap};
