/* array_cast.c — casts between array types (PostgreSQL's array_map over the element cast):
 * each item converted by the element types' cast, in the cast's context, NULLs kept, the
 * dimensions and bounds kept. */
#include "types/array/array.h"

#include <stdlib.h>
#include <string.h>

#include "types/cast.h"

int arr_cast_value(ss_ctx *ctx, const ss_text *in, ss_type from, ss_type to, int mode,
                   ss_text *out, ss_arena *arena)
{
    ss_array a;
    arr_decode(in, &a);
    ss_type ef = {ss_type_element_of(from.id), from.typmod};
    ss_type et = {ss_type_element_of(to.id), to.typmod};
    ss_value *items = NULL;
    if (a.nitems && !(items = malloc(sizeof *items * a.nitems)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    arr_iter it;
    arr_iter_init(&it, &a);
    int rc = SS_OK;
    for (uint32_t k = 0; k < a.nitems && rc == SS_OK; k++) {
        ss_value v;
        arr_iter_next(&it, &v);
        rc = ss_cast_value(ctx, &v, ef, et, mode, &items[k], arena);
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (rc == SS_OK) {
        arr_encode_buf(et.id, a.ndims, a.dims, a.lbound, items, a.nitems, &sb);
        char *p = sb.oom ? NULL : ss_arena_alloc(arena, sb.len ? sb.len : 1);
        if (!p) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        } else {
            memcpy(p, sb.data, sb.len);
            *out = (ss_text){p, (uint32_t)sb.len, 0};
        }
    }
    ss_strbuf_free(&sb);
    free(items);
    return rc;
}
