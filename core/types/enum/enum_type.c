/* enum_type.c — an enum type's descriptor (enum.h): enum_in / enum_out, the six comparisons
 * (float8's order over the sort positions), enum_first / enum_last / enum_range, and the
 * description of its array type. */
#include "types/enum/enum.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)arena;
    ss_enum_type *e = enum_type_get(t.id);
    const enum_label *l = e ? enum_label_by_name(atomic_load(&e->labels), s, len) : NULL;
    if (!l || !enum_label_visible(l))
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "invalid input value for enum %s: \"%.*s\"",
                            e ? atomic_load(&e->name) : "?", (int)len, s);
    if (enum_label_check(ctx, e, l) != SS_OK)
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.f = l->sort;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    const ss_type_def *d = enum_type_def(t.id);
    ss_enum_type *e = d ? (ss_enum_type *)((char *)d - offsetof(ss_enum_type, def)) : NULL;
    const enum_label *l = e ? enum_label_by_sort(atomic_load(&e->labels), v->v.f) : NULL;
    if (l)
        ss_strbuf_append(out, l->name, strlen(l->name));
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

SS_TYPE_CMP_EVALS(enum_cmp, compare)

/* The labels of the enum of vector v's type (out's, for the functions whose argument only
   names the type). */
static const ss_enum_type *enum_of(int32_t type)
{
    const ss_type_def *d = enum_type_def(type);
    return d ? (const ss_enum_type *)((const char *)d - offsetof(ss_enum_type, def)) : NULL;
}

static const enum_labels *labels_of(int32_t type)
{
    const ss_enum_type *e = enum_of(type);
    return e ? atomic_load(&e->labels) : NULL;
}

/* The index of the first (last: the last) label the reader sees, -1 when none. */
static int64_t visible_end(const enum_labels *l, bool last)
{
    for (uint32_t k = 0; k < l->n; k++) {
        uint32_t i = last ? l->n - 1 - k : k;
        if (enum_label_visible(&l->items[i]))
            return i;
    }
    return -1;
}

static int empty_enum(ss_ctx *ctx, int32_t type)
{
    const ss_type_def *d = enum_type_def(type);
    return ss_ctx_error(ctx, "55000", "enum %s contains no values", d ? d->internal_name : "?");
}

/* enum_first / enum_last (last: the highest): the argument only names the type, NULL or not */
static int first_or_last(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         bool last)
{
    const enum_labels *l = labels_of(args[0]->type.id);
    int64_t at = l ? visible_end(l, last) : -1;
    if (at < 0)
        return empty_enum(ctx, args[0]->type.id);
    if (enum_label_check(ctx, enum_of(args[0]->type.id), &l->items[at]) != SS_OK)
        return SS_ERROR;
    double v = l->items[at].sort;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = v; });
    return SS_OK;
}

static int enum_first_eval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    (void)nargs;
    return first_or_last(ctx, args, rows, n, out, false);
}

static int enum_last_eval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    (void)nargs;
    return first_or_last(ctx, args, rows, n, out, true);
}

/* enum_range(e): every label; enum_range(lo, hi): those from lo to hi (a NULL bound: open),
   empty when lo is above hi */
static int enum_range_eval(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    int32_t type = args[0]->type.id;
    const enum_labels *l = labels_of(type);
    if (!l)
        return empty_enum(ctx, type);
    ss_value *items = malloc((l->n ? l->n : 1) * sizeof *items);
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (rc != SS_OK)
            break;
        bool open_lo = true, open_hi = true;
        double lo = 0, hi = 0;
        if (nargs == 2) {
            open_lo = ss_vector_is_null(args[0], i);
            open_hi = ss_vector_is_null(args[1], i);
            lo = open_lo ? 0 : ((const double *)args[0]->data)[i];
            hi = open_hi ? 0 : ((const double *)args[1]->data)[i];
        }
        uint32_t m = 0;
        for (uint32_t k = 0; k < l->n; k++) {
            double s = l->items[k].sort;
            if (!enum_label_visible(&l->items[k]))
                continue;
            if ((open_lo || s >= lo) && (open_hi || s <= hi)) {
                if ((rc = enum_label_check(ctx, enum_of(type), &l->items[k])) != SS_OK)
                    break;
                memset(&items[m], 0, sizeof items[m]);
                items[m++].v.f = s;
            }
        }
        if (rc != SS_OK)
            break;
        ss_text t;
        rc = arr_build_value(ctx, out->type.id, false, items, m, &t);
        if (rc == SS_OK)
            rc = ss_vector_set_text(ctx, out, i, t.ptr, t.len);
    });
    free(items);
    return rc;
}

void enum_type_describe(ss_enum_type *e)
{
    const char *name = atomic_load(&e->name);
    size_t len = strlen(name);
    char *arr = malloc(len + 3);
    if (arr) {
        memcpy(arr, name, len);
        memcpy(arr + len, "[]", 3);
    }
    atomic_store(&e->array_name, arr ? arr : "?[]");
    char *internal = malloc(len + 2);
    if (internal) {
        internal[0] = '_';
        memcpy(internal + 1, name, len + 1);
    }
    atomic_store(&e->array_internal, internal ? internal : "_?");
    e->info = (ss_type_info){
        .struct_size = sizeof(ss_type_info),
        .id = e->id,
        .name = name,
        .layout = SS_LAYOUT_FIXED,
        .width = sizeof(double),
        .physical = SS_TYPE_FLOAT8, /* sort positions order as float8 */
    };
    arr_type_info_fill(e->id + 1, e->id, atomic_load(&e->array_name), &e->array_info, &e->array_items);
    int32_t t = e->id;
    ss_func_def ops[] = {SS_TYPE_CMP_OPERATORS(enum_cmp, t), {0}};
    memcpy(e->operators, ops, sizeof ops);
    ss_func_def fns[] = {
        {.name = "enum_first", .nargs = 1, .strict = false, .args = {t}, .result = t, .eval = enum_first_eval},
        {.name = "enum_last", .nargs = 1, .strict = false, .args = {t}, .result = t, .eval = enum_last_eval},
        {.name = "enum_range", .nargs = 1, .strict = false, .args = {t}, .result = t + 1, .eval = enum_range_eval},
        {.name = "enum_range", .nargs = 2, .strict = false, .args = {t, t}, .result = t + 1, .eval = enum_range_eval},
        {0},
    };
    memcpy(e->functions, fns, sizeof fns);
    ss_func_conditional_defs(t, e->conditional);
    e->def = (ss_type_def){
        .info = &e->info,
        .internal_name = name,
        .display_name = name,
        .category = 'E',
        .input = input,
        .output = output,
        .functions = e->functions,
        .operators = e->operators,
    };
}
