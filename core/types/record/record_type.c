/* record_type.c — the record type's encoding (record.h), its order and hashing over the
 * fields' types, its text output as PostgreSQL 15's record_out, and its catalog descriptor
 * (input of an anonymous record is refused as PostgreSQL's record_in does). */
#include "types/record/record.h"

#include <ctype.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"
#include "types/type_def.h"
#include "types/typeio.h"
#include "types/cast.h"
#include "types/deferred_error.h"
#include "exec/expr.h"

static uint32_t rd32(const char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

void rec_encode_buf(const int32_t *types, const ss_value *fields, uint32_t n, ss_strbuf *sb)
{
    ss_strbuf_append(sb, (const char *)&n, 4);
    for (uint32_t k = 0; k < n; k++) {
        ss_strbuf_append(sb, (const char *)&types[k], 4);
        ss_strbuf_putc(sb, fields[k].is_null ? 1 : 0);
        if (!fields[k].is_null)
            arr_write_item(types[k], &fields[k], sb);
    }
}

/* Reads the field at *p (advancing it) into v and *type. */
static void next_field(const char **p, ss_value *v, int32_t *type)
{
    memcpy(type, *p, 4);
    bool null = (*p)[4] != 0;
    *p += 5;
    memset(v, 0, sizeof *v);
    if (null)
        v->is_null = true;
    else
        *p = arr_read_item(*type, *p, v);
}

uint32_t rec_nfields(const ss_text *t)
{
    return rd32(t->ptr);
}

void rec_field(const ss_text *t, uint32_t k, ss_value *out, int32_t *type)
{
    memset(out, 0, sizeof *out);
    out->is_null = true;
    uint32_t n = rd32(t->ptr);
    const char *p = t->ptr + 4;
    for (uint32_t i = 0; i < n; i++) {
        int32_t ty;
        ss_value v;
        next_field(&p, &v, &ty);
        if (i == k) {
            *out = v;
            if (type)
                *type = ty;
            return;
        }
    }
}

bool rec_field_type_unordered(int32_t type)
{
    if (type == SS_TYPE_UNKNOWN)
        return true;
    const ss_type_def *d = ss_type_def_get(type);
    return d && d->no_ordering;
}

/* btrecordcmp for the registry (sorts, groups, set operations: PostgreSQL's sort-based
   plans): the errors record_cmp raises are left for the executor (types/deferred_error.h) and
   the comparison goes on as if they had not been met. */
int rec_compare(const void *a, const void *b)
{
    const ss_text *x = a, *y = b;
    uint32_t nx = rd32(x->ptr), ny = rd32(y->ptr);
    const char *px = x->ptr + 4, *py = y->ptr + 4;
    for (uint32_t k = 0; k < nx && k < ny; k++) {
        ss_value vx, vy;
        int32_t tx, ty;
        next_field(&px, &vx, &tx);
        next_field(&py, &vy, &ty);
        if (tx != ty) {
            char n1[64], n2[64];
            ss_deferred_error_set("42804", "cannot compare dissimilar column types %s and %s at record column %u",
                                  ss_type_display_name((ss_type){tx, -1}, n1, sizeof n1),
                                  ss_type_display_name((ss_type){ty, -1}, n2, sizeof n2), k + 1);
        }
        if (rec_field_type_unordered(tx)) { /* looked up before the NULLs are, as record_cmp does */
            char n1[64];
            ss_deferred_error_set(SS_SQLSTATE_UNDEFINED_FUNCTION, "could not identify a comparison function for type %s",
                                  ss_type_display_name((ss_type){tx, -1}, n1, sizeof n1));
        }
        if (vx.is_null || vy.is_null) {
            if (vx.is_null != vy.is_null)
                return vx.is_null ? 1 : -1;
            continue;
        }
        int c = arr_elem_compare(tx, &vx, &vy);
        if (c)
            return c < 0 ? -1 : 1;
    }
    if (nx != ny)
        ss_deferred_error_set("42804", "cannot compare record types with different numbers of columns");
    return nx < ny ? -1 : nx > ny;
}

static bool rec_equal(const void *a, const void *b)
{
    return rec_compare(a, b) == 0;
}

/* Over the fields before the first one of a type without comparison, so that records equal
   that far meet in a hash table and are compared (rec_compare's errors then arise as they
   would in the sort PostgreSQL uses). */
uint64_t rec_hash(const void *a)
{
    const ss_text *x = a;
    uint32_t n = rd32(x->ptr);
    const char *p = x->ptr + 4;
    uint64_t h = 0;
    for (uint32_t k = 0; k < n; k++) {
        ss_value v;
        int32_t t;
        next_field(&p, &v, &t);
        if (rec_field_type_unordered(t))
            break;
        h = h * 31 + (v.is_null ? 0 : arr_elem_hash(t, &v));
    }
    return h;
}

static void rec_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    for (uint32_t k = 0; k < n; k++)
        if (!ss_vector_is_null(v, rows ? rows[k] : k))
            out[k] = rec_hash((const ss_text *)v->data + (rows ? rows[k] : k));
}

const ss_type_info ss_record_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_RECORD, .name = "record",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text), .compare = rec_compare, .equal = rec_equal,
    .hash = rec_hash, .hash_batch = rec_hash_batch, .physical = 0,
};

int rec_make(ss_ctx *ctx, const rec_desc *d, const ss_value *values, ss_value *out, ss_arena *arena)
{
    int32_t types[REC_MAX_FIELDS];
    for (uint32_t k = 0; k < d->nfields && k < REC_MAX_FIELDS; k++)
        types[k] = d->types[k].id;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    rec_encode_buf(types, values, d->nfields < REC_MAX_FIELDS ? d->nfields : REC_MAX_FIELDS, &sb);
    char *p = sb.oom ? NULL : ss_arena_alloc(arena, sb.len ? sb.len : 1);
    if (p)
        memcpy(p, sb.data, sb.len);
    memset(out, 0, sizeof *out);
    out->v.s = (ss_text){p, (uint32_t)sb.len, 0};
    ss_strbuf_free(&sb);
    return p ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static int malformed(ss_ctx *ctx, const char *s, size_t len, const char *detail)
{
    ss_ctx_error(ctx, "22P02", "malformed record literal: \"%.*s\"", (int)len, s);
    ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

int rec_input(ss_ctx *ctx, const rec_desc *d, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)s[i]))
        i++;
    if (i >= len || s[i] != '(')
        return malformed(ctx, s, len, "Missing left parenthesis.");
    i++;
    ss_value vals[REC_MAX_FIELDS];
    ss_strbuf field;
    ss_strbuf_init(&field);
    int rc = SS_OK;
    for (uint32_t k = 0; k < d->nfields && k < REC_MAX_FIELDS && rc == SS_OK; k++) {
        if (k) {
            if (i < len && s[i] == ',')
                i++;
            else {
                rc = malformed(ctx, s, len, "Too few columns.");
                break;
            }
        }
        memset(&vals[k], 0, sizeof vals[k]);
        if (i < len && (s[i] == ',' || s[i] == ')')) {
            vals[k].is_null = true;
            continue;
        }
        ss_strbuf_clear(&field);
        bool inquote = false;
        while (rc == SS_OK && (inquote || i >= len || !(s[i] == ',' || s[i] == ')'))) {
            if (i >= len) {
                rc = malformed(ctx, s, len, "Unexpected end of input.");
                break;
            }
            char ch = s[i++];
            if (ch == '\\') {
                if (i >= len) {
                    rc = malformed(ctx, s, len, "Unexpected end of input.");
                    break;
                }
                ss_strbuf_putc(&field, s[i++]);
            } else if (ch == '"') {
                if (!inquote)
                    inquote = true;
                else if (i < len && s[i] == '"') {
                    ss_strbuf_putc(&field, '"');
                    i++;
                } else
                    inquote = false;
            } else
                ss_strbuf_putc(&field, ch);
        }
        if (rc == SS_OK)
            rc = rec_field_input(ctx, d->types[k], field.data ? field.data : "", field.len, &vals[k], arena);
    }
    ss_strbuf_free(&field);
    if (rc != SS_OK)
        return SS_ERROR;
    if (i >= len || s[i] != ')')
        return malformed(ctx, s, len, "Too many columns.");
    i++;
    while (i < len && isspace((unsigned char)s[i]))
        i++;
    if (i < len)
        return malformed(ctx, s, len, "Junk after right parenthesis.");
    return rec_make(ctx, d, vals, out, arena);
}

int rec_field_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    const rec_desc *d = t.id == SS_TYPE_RECORD ? rec_desc_get(t.typmod) : NULL;
    if (d)
        return rec_input(ctx, d, s, len, out, arena);
    char *copy = ss_arena_alloc(arena, len ? len : 1);
    if (!copy)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(copy, s, len);
    ss_value in = {.is_null = false, .v.s = {copy, (uint32_t)len, 0}};
    return ss_cast_value(ctx, &in, (ss_type){SS_TYPE_TEXT, -1}, t, CAST_ASSIGNMENT, out, arena);
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    if (!arena) /* ss_value_parse's (COPY FROM): the context's arena */
        arena = ctx->arena;
    const rec_desc *d = rec_desc_get(t.typmod);
    if (d && d->name) /* a table's row type */
        return rec_input(ctx, d, s, len, out, arena);
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "input of anonymous composite types is not implemented");
}

/* record_out: (f1,f2,...), a NULL field empty, a field quoted when it is empty or holds a
 * quote, a backslash, a parenthesis, a comma or white space (quotes and backslashes doubled). */
static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    uint32_t n = rd32(v->v.s.ptr);
    const char *p = v->v.s.ptr + 4;
    ss_strbuf_putc(out, '(');
    ss_strbuf field;
    ss_strbuf_init(&field);
    for (uint32_t k = 0; k < n; k++) {
        ss_value f;
        int32_t ty;
        next_field(&p, &f, &ty);
        if (k)
            ss_strbuf_putc(out, ',');
        if (f.is_null)
            continue;
        ss_strbuf_clear(&field);
        ss_value_format((ss_type){ty, -1}, &f, &field);
        const char *s = field.data ? field.data : "";
        bool quote = field.len == 0;
        for (size_t i = 0; !quote && i < field.len; i++)
            quote = s[i] == '"' || s[i] == '\\' || s[i] == '(' || s[i] == ')' || s[i] == ',' ||
                    isspace((unsigned char)s[i]);
        if (quote)
            ss_strbuf_putc(out, '"');
        for (size_t i = 0; i < field.len; i++) {
            if (quote && (s[i] == '"' || s[i] == '\\'))
                ss_strbuf_putc(out, s[i]);
            ss_strbuf_putc(out, s[i]);
        }
        if (quote)
            ss_strbuf_putc(out, '"');
    }
    ss_strbuf_free(&field);
    ss_strbuf_putc(out, ')');
}

const ss_type_def ss_record_type_def = {
    .info = &ss_record_type_info, .internal_name = "record", .display_name = "record", .category = 'P',
    .input = input, .output = output, .no_minmax = true,
};
