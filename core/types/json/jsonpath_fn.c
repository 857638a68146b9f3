/* jsonpath_fn.c — the SQL face of jsonpath.h: jsonb_path_exists / _match / _query_array /
 * _query_first and their _tz forms (target jsonb, path jsonpath, [vars jsonb, [silent bool]]),
 * the operators @? and @@ (jsonb_path_exists / _match with silent), and jsonb_path_query(_tz)'s
 * rows for json_srf.c.  The path is the jsonpath's normalised text, parsed once per vector
 * while the rows' paths are the same text. */
#include "types/json/json_fn.h"
#include "types/json/jsonpath.h"

enum { JPF_EXISTS, JPF_MATCH, JPF_ARRAY, JPF_FIRST, JPF_OP_EXISTS, JPF_OP_MATCH };
#define JPF_TZ 16 /* or-ed in: the _tz form */

/* The parsed path of the rows of one evaluation, kept while their paths are the same text. */
typedef struct path_cache {
    ss_arena *a;
    char *text;
    uint32_t len;
    bool valid;
    jp_path path;
} path_cache;

static int cached_path(ss_ctx *ctx, path_cache *c, const ss_text *t, jp_path **out)
{
    if (!c->valid || c->len != t->len || memcmp(c->text, t->ptr, t->len) != 0) {
        c->valid = false;
        ss_arena_reset(c->a);
        if (!(c->text = ss_arena_alloc(c->a, t->len + 1)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(c->text, t->ptr, t->len);
        c->len = t->len;
        if (jp_parse(ctx, c->text, c->len, c->a, &c->path))
            return SS_ERROR;
        c->valid = true;
    }
    *out = &c->path;
    return SS_OK;
}

/* The items of path jp over doc (vars, silent as given); *suppressed when silent dropped an error.
   The functions' vars default to '{}'; only the operators @? and @@ run without (PostgreSQL's
   NULL vars, which numbers .keyvalue()'s objects from 1 instead of 2). */
static int run(ss_ctx *ctx, const ss_text *doc, jp_path *jp, const ss_text *vars, bool op, bool silent, bool tz,
               bool exists, ss_arena *a, jp_seq *out, bool *suppressed)
{
    static jv no_vars = {.kind = JB_OBJECT};
    jp->exists = exists;
    jv *d = jb_decode(ctx, doc->ptr, a), *v = op || vars ? NULL : &no_vars;
    if (!d || (vars && !(v = jb_decode(ctx, vars->ptr, a))))
        return SS_ERROR;
    if (v && v->kind != JB_OBJECT) {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "\"vars\" argument is not an object");
        ss_ctx_error_detail(ctx, "Jsonpath parameters should be encoded as key-value pairs of \"vars\" object.");
        return SS_ERROR;
    }
    return jp_eval(ctx, jp, d, v, silent, tz, a, out, suppressed);
}

/* An item as it leaves the path: a datetime as its ISO text (NULL: out of memory). */
static jv *plain(ss_ctx *ctx, jv *v, ss_arena *a)
{
    if (v->kind != JP_DATETIME)
        return v;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jp_datetime_text(v, &sb);
    jv *t = ss_arena_alloc(a, sizeof *t);
    char *p = ss_arena_alloc(a, sb.len + 1);
    if (!t || !p || sb.oom) {
        ss_strbuf_free(&sb);
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memcpy(p, sb.data ? sb.data : "", sb.len);
    memset(t, 0, sizeof *t);
    t->kind = JB_STRING, t->s = p, t->len = (uint32_t)sb.len;
    ss_strbuf_free(&sb);
    return t;
}

static int path_row(jfn_row *r, int how, path_cache *c)
{
    bool tz = how & JPF_TZ;
    how &= ~JPF_TZ;
    bool op = how == JPF_OP_EXISTS || how == JPF_OP_MATCH;
    bool silent = op || (r->nargs > 3 && ((const uint8_t *)r->args[3]->data)[r->i]);
    const ss_text *vars = !op && r->nargs > 2 ? jfn_text(r, 2) : NULL;
    jp_seq s;
    bool suppressed;
    jp_path *jp = NULL;
    if (cached_path(r->ctx, c, jfn_text(r, 1), &jp) ||
        run(r->ctx, jfn_text(r, 0), jp, vars, op, silent, tz, how == JPF_EXISTS || how == JPF_OP_EXISTS, r->a, &s,
            &suppressed))
        return SS_ERROR;
    uint8_t *b = r->out->data;
    switch (how) {
    case JPF_EXISTS:
    case JPF_OP_EXISTS:
        if (suppressed)
            return jfn_set_null(r->ctx, r->out, r->i);
        b[r->i] = s.n > 0;
        return SS_OK;
    case JPF_MATCH:
    case JPF_OP_MATCH:
        if (s.n == 1 && (s.v[0]->kind == JB_TRUE || s.v[0]->kind == JB_FALSE)) {
            b[r->i] = s.v[0]->kind == JB_TRUE;
            return SS_OK;
        }
        if (suppressed || (s.n == 1 && s.v[0]->kind == JB_NULL) || silent)
            return jfn_set_null(r->ctx, r->out, r->i);
        return ss_ctx_error(r->ctx, "22038", "single boolean result is expected");
    case JPF_ARRAY: {
        jv arr = {.kind = JB_ARRAY, .n = s.n};
        arr.items = ss_arena_alloc(r->a, sizeof(jv) * (s.n ? s.n : 1));
        if (!arr.items)
            return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t k = 0; k < s.n; k++) {
            jv *v = plain(r->ctx, s.v[k], r->a);
            if (!v)
                return SS_ERROR;
            arr.items[k] = *v;
        }
        return jfn_set_tree(r->ctx, r->out, r->i, &arr, r->a);
    }
    default:
        if (s.n == 0)
            return jfn_set_null(r->ctx, r->out, r->i);
        jv *v = plain(r->ctx, s.v[0], r->a);
        return v ? jfn_set_tree(r->ctx, r->out, r->i, v, r->a) : SS_ERROR;
    }
}

/* path_row at rows[0..n) (NULL: 0..n-1), as jfn_rows with the path cache beside. */
static int path_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out, int how)
{
    ss_arena *a = ss_arena_create(), *pa = ss_arena_create();
    if (!a || !pa) {
        if (a)
            ss_arena_destroy(a);
        if (pa)
            ss_arena_destroy(pa);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jfn_row r = {ctx, args, nargs, 0, out, a, &sb};
    path_cache c = {.a = pa};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_arena_reset(a);
        ss_strbuf_clear(&sb);
        r.i = i;
        if ((rc = path_row(&r, how, &c)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    ss_arena_destroy(a);
    ss_arena_destroy(pa);
    return rc;
}

#define PATH_ROWS(name, how) \
    JFN(name) { return path_rows(ctx, args, nargs, rows, n, out, how); }

PATH_ROWS(jb_fn_path_exists, JPF_EXISTS)
PATH_ROWS(jb_fn_path_match, JPF_MATCH)
PATH_ROWS(jb_fn_path_query_array, JPF_ARRAY)
PATH_ROWS(jb_fn_path_query_first, JPF_FIRST)
PATH_ROWS(jb_fn_path_exists_tz, JPF_EXISTS | JPF_TZ)
PATH_ROWS(jb_fn_path_match_tz, JPF_MATCH | JPF_TZ)
PATH_ROWS(jb_fn_path_query_array_tz, JPF_ARRAY | JPF_TZ)
PATH_ROWS(jb_fn_path_query_first_tz, JPF_FIRST | JPF_TZ)
PATH_ROWS(jb_op_path_exists, JPF_OP_EXISTS)
PATH_ROWS(jb_op_path_match, JPF_OP_MATCH)

int jp_query_rows(ss_ctx *ctx, const ss_text *doc, const ss_text *path, const ss_text *vars, bool silent,
                  bool use_tz, int (*emit)(void *arg, const ss_value *cols), void *arg)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    jp_seq s;
    bool suppressed;
    jp_path jp;
    int rc = jp_parse(ctx, path->ptr, path->len, a, &jp);
    if (rc == SS_OK)
        rc = run(ctx, doc, &jp, vars, false, silent, use_tz, false, a, &s, &suppressed);
    for (uint32_t k = 0; rc == SS_OK && k < s.n; k++) {
        ss_value col;
        memset(&col, 0, sizeof col);
        ss_text t;
        jv *v = plain(ctx, s.v[k], a);
        if (!v) {
            rc = SS_ERROR;
            break;
        }
        if ((rc = jb_encode(ctx, v, NULL, &t)) != SS_OK)
            break;
        col.v.s = t;
        rc = emit(arg, &col);
    }
    ss_arena_destroy(a);
    return rc;
}
