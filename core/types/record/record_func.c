/* record_func.c — the evaluations over record values (record.h): those behind SEARCH and
 * CYCLE of WITH RECURSIVE (building a record of a row's columns, a path of them (record[]),
 * BREADTH FIRST's depth record, CYCLE's mark and the recursive term's filter on it), record
 * comparisons, field selection and the IS [NOT] NULL tests of a composite value.  Row at a
 * time: these values are built per row anyway. */
#include "types/record/record.h"
#include "types/typeio.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

/* The record of the columns args[from..nargs) at row, with first (when not NULL) before them,
 * into sb. */
static void row_of(ss_vector *const *args, uint32_t from, uint32_t nargs, uint32_t row, const ss_value *first,
                   int32_t first_type, ss_strbuf *sb)
{
    int32_t types[REC_MAX_FIELDS];
    ss_value vals[REC_MAX_FIELDS];
    uint32_t n = 0;
    if (first) {
        types[n] = first_type;
        vals[n++] = *first;
    }
    for (uint32_t k = from; k < nargs && n < REC_MAX_FIELDS; k++) {
        types[n] = args[k]->type.id;
        ss_vector_get_value(args[k], row, &vals[n++]);
    }
    rec_encode_buf(types, vals, n, sb);
}

static int put(ss_ctx *ctx, ss_strbuf *sb, ss_vector *out, uint32_t row)
{
    int rc = sb->oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                     : ss_vector_set_text(ctx, out, row, sb->data ? sb->data : "", sb->len);
    ss_strbuf_clear(sb);
    return rc;
}

/* path's items with the record at the end, as a one-dimensional record[] into sb; path
 * NULL: the record alone. */
static void append_to(const ss_value *path, const ss_text *rec, ss_strbuf *sb)
{
    ss_value *items = NULL;
    uint32_t n = 0;
    ss_array a;
    if (path && !path->is_null) {
        arr_decode(&path->v.s, &a);
        n = a.nitems;
    }
    ss_value one[1];
    items = n ? malloc(sizeof *items * (n + 1)) : one;
    if (!items) {
        sb->oom = true;
        return;
    }
    if (n) {
        arr_iter it;
        arr_iter_init(&it, &a);
        for (uint32_t k = 0; k < n && arr_iter_next(&it, &items[k]); k++)
            ;
    }
    memset(&items[n], 0, sizeof items[n]);
    items[n].v.s = *rec;
    int32_t dim = (int32_t)(n + 1), lb = 1;
    arr_encode_buf(SS_TYPE_RECORD, 1, &dim, &lb, items, n + 1, sb);
    if (items != one)
        free(items);
}

/* ARRAY[ROW(args[from..))] appended to path (NULL: none) at each row. */
static int eval_path(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t from, const ss_vector *path,
                     const uint32_t *rows, uint32_t n, ss_vector *out)
{
    ss_strbuf sb, rec;
    ss_strbuf_init(&sb);
    ss_strbuf_init(&rec);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_strbuf_clear(&rec);
        row_of(args, from, nargs, row, NULL, 0, &rec);
        ss_text r = {rec.data ? rec.data : "", (uint32_t)rec.len, 0};
        ss_value p;
        if (path)
            ss_vector_get_value(path, row, &p);
        append_to(path ? &p : NULL, &r, &sb);
        rc = rec.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : put(ctx, &sb, out, row);
    }
    ss_strbuf_free(&sb);
    ss_strbuf_free(&rec);
    return rc;
}

static int eval_array1(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    return eval_path(ctx, args, nargs, 0, NULL, rows, n, out);
}

static int eval_append(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    return eval_path(ctx, args, nargs, 1, args[0], rows, n, out);
}

/* ROW(args...) at each row; depth: ROW(args[0]'s first field + 1, args[1..]) instead, ROW(0,
 * args[1..]) where args[0] is NULL. */
static int eval_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out, bool depth)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value seq, d;
        memset(&d, 0, sizeof d);
        if (depth) {
            ss_vector_get_value(args[0], row, &seq);
            if (!seq.is_null) {
                rec_field(&seq.v.s, 0, &d, NULL);
                if (!d.is_null)
                    d.v.i++;
            }
        }
        row_of(args, depth ? 1 : 0, nargs, row, depth ? &d : NULL, SS_TYPE_INT8, &sb);
        rc = put(ctx, &sb, out, row);
    }
    ss_strbuf_free(&sb);
    return rc;
}

static int eval_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    return eval_rows(ctx, args, nargs, rows, n, out, false);
}

static int eval_depth_next(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    return eval_rows(ctx, args, nargs, rows, n, out, true);
}

static int eval_in_path(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    ss_strbuf rec;
    ss_strbuf_init(&rec);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_strbuf_clear(&rec);
        row_of(args, 3, nargs, row, NULL, 0, &rec);
        ss_text r = {rec.data ? rec.data : "", (uint32_t)rec.len, 0};
        ss_value path, item;
        ss_vector_get_value(args[0], row, &path);
        bool found = false;
        if (!path.is_null) {
            ss_array a;
            arr_decode(&path.v.s, &a);
            arr_iter it;
            arr_iter_init(&it, &a);
            while (!found && arr_iter_next(&it, &item))
                found = !item.is_null && rec_compare(&item.v.s, &r) == 0;
        }
        ss_value mark;
        ss_vector_get_value(args[found ? 1 : 2], row, &mark);
        rc = ss_vector_set_value(ctx, out, row, &mark);
    }
    ss_strbuf_free(&rec);
    return rc;
}

static int eval_unmarked(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    (void)nargs;
    int32_t t = args[0]->type.id;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value a, b, r;
        ss_vector_get_value(args[0], row, &a);
        ss_vector_get_value(args[1], row, &b);
        memset(&r, 0, sizeof r);
        r.v.b = a.is_null != b.is_null || (!a.is_null && !arr_elem_equal(t, &a, &b));
        if (ss_vector_set_value(ctx, out, row, &r) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

const ss_func_def rec_row_def = {.name = "row", .nargs = 1, .variadic_any = true, .result = SS_TYPE_RECORD,
                                 .eval = eval_row};
const ss_func_def rec_array1_def = {.name = "row", .nargs = 1, .variadic_any = true,
                                    .result = SS_TYPE_RECORD_ARRAY, .eval = eval_array1};
const ss_func_def rec_append_def = {.name = "array_append", .nargs = 2, .variadic_any = true,
                                    .result = SS_TYPE_RECORD_ARRAY, .eval = eval_append};
const ss_func_def rec_depth_next_def = {.name = "row", .nargs = 2, .variadic_any = true, .result = SS_TYPE_RECORD,
                                        .eval = eval_depth_next};
const ss_func_def rec_in_path_def = {.name = "case", .nargs = 4, .variadic_any = true, .eval = eval_in_path};
const ss_func_def rec_unmarked_def = {.name = "<>", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_unmarked};

/* ---- record comparison operators (PostgreSQL's record_eq / btrecordcmp with their checks) ---- */

int rec_compare_checked(ss_ctx *ctx, const ss_text *a, const ss_text *b, bool equality, int *c)
{
    uint32_t na = rec_nfields(a), nb = rec_nfields(b);
    for (uint32_t k = 0; k < na && k < nb; k++) {
        ss_value va, vb;
        int32_t ta, tb;
        rec_field(a, k, &va, &ta);
        rec_field(b, k, &vb, &tb);
        if (ta != tb) {
            char n1[64], n2[64];
            return ss_ctx_error(ctx, "42804", "cannot compare dissimilar column types %s and %s at record column %u",
                                ss_type_display_name((ss_type){ta, -1}, n1, sizeof n1),
                                ss_type_display_name((ss_type){tb, -1}, n2, sizeof n2), k + 1);
        }
        if (rec_field_type_unordered(ta)) { /* looked up before the NULLs are */
            char n1[64];
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FUNCTION,
                                equality ? "could not identify an equality operator for type %s"
                                         : "could not identify a comparison function for type %s",
                                ss_type_display_name((ss_type){ta, -1}, n1, sizeof n1));
        }
        if (va.is_null || vb.is_null) {
            if (va.is_null != vb.is_null) {
                *c = va.is_null ? 1 : -1;
                return SS_OK;
            }
            continue;
        }
        int d = arr_elem_compare(ta, &va, &vb);
        if (d) {
            *c = d < 0 ? -1 : 1;
            return SS_OK;
        }
    }
    if (na != nb)
        return ss_ctx_error(ctx, "42804", "cannot compare record types with different numbers of columns");
    *c = 0;
    return SS_OK;
}

static int eval_record_cmp(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                           int op)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value a, b, r;
        ss_vector_get_value(args[0], row, &a);
        ss_vector_get_value(args[1], row, &b);
        memset(&r, 0, sizeof r);
        int c = 0;
        if (a.is_null || b.is_null)
            r.is_null = true;
        else if (rec_compare_checked(ctx, &a.v.s, &b.v.s, op <= 1, &c))
            return SS_ERROR;
        r.v.b = op == 0 ? c == 0 : op == 1 ? c != 0 : op == 2 ? c < 0 : op == 3 ? c <= 0 : op == 4 ? c > 0 : c >= 0;
        if (r.is_null && ss_vector_ensure_validity(ctx, out))
            return SS_ERROR;
        if (ss_vector_set_value(ctx, out, row, &r) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

#define RECORD_CMP(NAME, OP)                                                                              \
    static int eval_record_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                                  uint32_t n, ss_vector *out)                                              \
    {                                                                                                     \
        (void)nargs;                                                                                      \
        return eval_record_cmp(ctx, args, rows, n, out, OP);                                              \
    }
RECORD_CMP(eq, 0)
RECORD_CMP(ne, 1)
RECORD_CMP(lt, 2)
RECORD_CMP(le, 3)
RECORD_CMP(gt, 4)
RECORD_CMP(ge, 5)
#undef RECORD_CMP

const ss_func_def rec_cmp_defs[6] = {
    {.name = "=", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_eq},
    {.name = "<>", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_ne},
    {.name = "<", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_lt},
    {.name = "<=", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_le},
    {.name = ">", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_gt},
    {.name = ">=", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_record_ge},
};

/* ---- IS [NOT] DISTINCT FROM and NULLIF of two record values (record_eq's checks) ---- */

/* Whether a and b are distinct at row (two NULLs are not, a NULL and a value are). */
static int distinct_at(ss_ctx *ctx, ss_vector *const *args, uint32_t row, ss_value *a, bool *distinct)
{
    ss_value b;
    ss_vector_get_value(args[0], row, a);
    ss_vector_get_value(args[1], row, &b);
    int c = 0;
    if (a->is_null || b.is_null)
        c = a->is_null != b.is_null;
    else if (rec_compare_checked(ctx, &a->v.s, &b.v.s, true, &c))
        return SS_ERROR;
    *distinct = c != 0;
    return SS_OK;
}

static int eval_distinct(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         int kind)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value a, r;
        bool distinct;
        if (distinct_at(ctx, args, row, &a, &distinct))
            return SS_ERROR;
        if (kind == 2) { /* NULLIF: NULL when equal, else the first */
            r = a;
            if (!a.is_null && !distinct)
                memset(&r, 0, sizeof r), r.is_null = true;
            if (r.is_null && ss_vector_ensure_validity(ctx, out))
                return SS_ERROR;
        } else {
            memset(&r, 0, sizeof r);
            r.v.b = kind == 0 ? distinct : !distinct;
        }
        if (ss_vector_set_value(ctx, out, row, &r) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

static int eval_rec_distinct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                             ss_vector *out)
{
    (void)nargs;
    return eval_distinct(ctx, args, rows, n, out, 0);
}

static int eval_rec_not_distinct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    return eval_distinct(ctx, args, rows, n, out, 1);
}

static int eval_rec_nullif(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    (void)nargs;
    return eval_distinct(ctx, args, rows, n, out, 2);
}

const ss_func_def rec_distinct_defs[3] = {
    {.name = "is distinct from", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL, .eval = eval_rec_distinct},
    {.name = "is not distinct from", .nargs = 2, .variadic_any = true, .result = SS_TYPE_BOOL,
     .eval = eval_rec_not_distinct},
    {.name = "nullif", .nargs = 2, .variadic_any = true, .result = SS_TYPE_RECORD, .eval = eval_rec_nullif},
};

/* ---- a record checked against a column definition list ---- */

static int check_against(ss_ctx *ctx, const ss_text *rec, const rec_desc *d)
{
    uint32_t n = rec_nfields(rec);
    if (n != d->nfields) {
        ss_ctx_error(ctx, "42804", "function return row and query-specified return row do not match");
        ss_ctx_error_detail(ctx, "Returned row contains %u attribute%s, but query expects %u.", n, n == 1 ? "" : "s",
                            d->nfields);
        return SS_ERROR;
    }
    for (uint32_t k = 0; k < n; k++) {
        ss_value v;
        int32_t t;
        rec_field(rec, k, &v, &t);
        if (t != d->types[k].id) {
            char n1[64], n2[64];
            ss_ctx_error(ctx, "42804", "function return row and query-specified return row do not match");
            ss_ctx_error_detail(ctx, "Returned type %s at ordinal position %u, but query expects %s.",
                                ss_type_display_name((ss_type){t, -1}, n1, sizeof n1), k + 1,
                                ss_type_display_name((ss_type){d->types[k].id, -1}, n2, sizeof n2));
            return SS_ERROR;
        }
    }
    return SS_OK;
}

/* ---- the items of unnest(record[]) AS t(...) checked as ExecMakeTableFunctionResult does ---- */

/* Whether two records have the same row type: as many fields, of the same types. */
static bool same_row_type(const ss_text *a, const ss_text *b)
{
    uint32_t n = rec_nfields(a);
    if (n != rec_nfields(b))
        return false;
    for (uint32_t k = 0; k < n; k++) {
        ss_value v;
        int32_t ta, tb;
        rec_field(a, k, &v, &ta);
        rec_field(b, k, &v, &tb);
        if (ta != tb)
            return false;
    }
    return true;
}

static int eval_coldef_rows_check(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                                  uint32_t n, ss_vector *out)
{
    (void)nargs;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value arr, tm;
        ss_vector_get_value(args[0], row, &arr);
        ss_vector_get_value(args[1], row, &tm);
        const rec_desc *d = tm.is_null ? NULL : rec_desc_get((int32_t)tm.v.i);
        if (!arr.is_null && d) {
            ss_array a;
            arr_decode(&arr.v.s, &a);
            arr_iter it;
            arr_iter_init(&it, &a);
            ss_value item, first = {.is_null = true};
            while (arr_iter_next(&it, &item)) {
                if (item.is_null)
                    continue;
                if (first.is_null)
                    first = item;
                else if (!same_row_type(&first.v.s, &item.v.s))
                    return ss_ctx_error(ctx, "42804", "rows returned by function are not all of the same row type");
            }
            /* the first row's type against the definition list, once all rows are read */
            if (!first.is_null && check_against(ctx, &first.v.s, d))
                return SS_ERROR;
        }
        if (arr.is_null && ss_vector_ensure_validity(ctx, out))
            return SS_ERROR;
        if (ss_vector_set_value(ctx, out, row, &arr) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

const ss_func_def rec_coldef_rows_check_def = {.name = "unnest rows check", .nargs = 2, .variadic_any = true,
                                               .result = SS_TYPE_RECORD_ARRAY, .eval = eval_coldef_rows_check};

/* ---- field selection ((x).a of a row type) ---- */

static int eval_field_select(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                             ss_vector *out)
{
    (void)nargs;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value rec, idx, f;
        ss_vector_get_value(args[0], row, &rec);
        ss_vector_get_value(args[1], row, &idx);
        if (rec.is_null || idx.is_null)
            memset(&f, 0, sizeof f), f.is_null = true;
        else
            rec_field(&rec.v.s, (uint32_t)idx.v.i, &f, NULL);
        if (f.is_null && ss_vector_ensure_validity(ctx, out))
            return SS_ERROR;
        if (ss_vector_set_value(ctx, out, row, &f) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

const ss_func_def rec_field_select_def = {.name = "field", .nargs = 2, .variadic_any = true,
                                          .result = SS_TYPE_INVALID, .eval = eval_field_select};


/* ---- x IS [NOT] NULL of a composite value (PostgreSQL's ExecEvalRowNull): IS NULL when x
   is NULL or every field is, IS NOT NULL when x is not NULL and no field is; a field that
   is itself a record counts as NULL only when it is NULL ---- */

static bool every_field(const ss_text *t, bool want_null)
{
    uint32_t n = rec_nfields(t);
    for (uint32_t k = 0; k < n; k++) {
        ss_value f;
        rec_field(t, k, &f, NULL);
        if (f.is_null != want_null)
            return false;
    }
    return true;
}

static int eval_null_test(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                          bool is_null)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value rec, r;
        ss_vector_get_value(args[0], row, &rec);
        memset(&r, 0, sizeof r);
        r.v.b = rec.is_null ? is_null : every_field(&rec.v.s, is_null);
        if (ss_vector_set_value(ctx, out, row, &r) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

static int eval_rec_is_null(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    (void)nargs;
    return eval_null_test(ctx, args, rows, n, out, true);
}

static int eval_rec_is_not_null(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                                uint32_t n, ss_vector *out)
{
    (void)nargs;
    return eval_null_test(ctx, args, rows, n, out, false);
}

const ss_func_def rec_null_test_defs[2] = {
    {.name = "is null", .nargs = 1, .variadic_any = true, .result = SS_TYPE_BOOL,
     .eval = eval_rec_is_null},
    {.name = "is not null", .nargs = 1, .variadic_any = true, .result = SS_TYPE_BOOL,
     .eval = eval_rec_is_not_null},
};
