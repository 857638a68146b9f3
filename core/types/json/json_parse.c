/* json_parse.c — PostgreSQL 15's recursive-descent JSON parser (pg_parse_json): validation for
 * json_in, and for jsonb_in the tree with strings de-escaped, numbers as numeric and objects'
 * keys deduplicated (the last wins) and sorted as jsonb stores them; its "Expected ..." errors. */
#include "types/json/json.h"

#include <stdlib.h>

#include "types/numeric/numeric.h"

enum { P_VALUE, P_STRING, P_ARRAY_NEXT, P_OBJECT_START, P_OBJECT_LABEL, P_OBJECT_NEXT, P_END };

typedef struct parser {
    json_lexer lx;
    ss_arena *arena; /* NULL: validation only */
    bool spans;      /* json_parse_spans: input order and source text kept */
} parser;

static const char *const expected[] = {
    [P_VALUE] = "JSON value",
    [P_STRING] = "string",
    [P_ARRAY_NEXT] = "\",\" or \"]\"",
    [P_OBJECT_START] = "string or \"}\"",
    [P_OBJECT_LABEL] = "\":\"",
    [P_OBJECT_NEXT] = "\",\" or \"}\"",
    [P_END] = "end of input",
};

static int parse_error(parser *p, int ctx)
{
    json_lexer *lx = &p->lx;
    if (lx->tok == JT_END)
        return json_lex_error(lx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, NULL,
                              "The input string ended unexpectedly.");
    return json_lex_error(lx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, NULL,
                          "Expected %s, but found \"%.*s\".", expected[ctx],
                          (int)(lx->tok_end - lx->tok_start), lx->tok_start);
}

static int expect(parser *p, int tok, int ctx)
{
    if (p->lx.tok != tok)
        return parse_error(p, ctx);
    return json_lex_next(&p->lx);
}

static void *palloc(parser *p, size_t n)
{
    void *m = ss_arena_alloc(p->arena, n ? n : 1);
    if (!m)
        ss_ctx_error(p->lx.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return m;
}

/* A growable list of jv in malloc'd memory while a container is read. */
typedef struct jv_list {
    jv *v;
    uint32_t n, cap;
} jv_list;

static jv *list_push(parser *p, jv_list *l)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 8;
        jv *nv = realloc(l->v, cap * sizeof *nv);
        if (!nv) {
            ss_ctx_error(p->lx.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        l->v = nv;
        l->cap = cap;
    }
    jv *e = &l->v[l->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static int list_finish(parser *p, jv_list *l, jv *out)
{
    out->items = palloc(p, (size_t)l->n * sizeof(jv));
    if (!out->items) {
        free(l->v);
        return SS_ERROR;
    }
    if (l->n)
        memcpy(out->items, l->v, (size_t)l->n * sizeof(jv));
    free(l->v);
    return SS_OK;
}

static int parse_value(parser *p, jv *out);

static int parse_scalar(parser *p, jv *out)
{
    json_lexer *lx = &p->lx;
    switch (lx->tok) {
    case JT_STRING:
        if (out) {
            out->kind = JB_STRING;
            out->s = lx->str;
            out->len = lx->str_len;
        }
        break;
    case JT_NUMBER:
        if (out && p->spans) {
            out->kind = JB_NUMBER; /* json trees keep the number as written */
            out->s = lx->tok_start;
            out->len = (uint32_t)(lx->tok_end - lx->tok_start);
        } else if (out) {
            ss_text t;
            num_scratch_begin();
            int rc = num_parse(lx->ctx, lx->tok_start, (size_t)(lx->tok_end - lx->tok_start), &t);
            char *copy = rc == SS_OK ? palloc(p, t.len) : NULL;
            if (copy)
                memcpy(copy, t.ptr, t.len);
            num_scratch_end();
            if (!copy)
                return SS_ERROR;
            out->kind = JB_NUMBER;
            out->s = copy;
            out->len = t.len;
        }
        break;
    case JT_TRUE:
    case JT_FALSE:
    case JT_NULL:
        if (out)
            out->kind = lx->tok == JT_TRUE ? JB_TRUE : lx->tok == JT_FALSE ? JB_FALSE : JB_NULL;
        break;
    default:
        return parse_error(p, P_VALUE);
    }
    return json_lex_next(lx);
}

static int parse_array(parser *p, jv *out)
{
    json_lexer *lx = &p->lx;
    if (ss_ctx_check_stack(lx->ctx) != SS_OK || json_lex_next(lx) != SS_OK)
        return SS_ERROR;
    jv_list l = {0};
    int rc = SS_OK;
    if (lx->tok != JT_ARR_END) {
        for (;;) {
            jv *e = NULL;
            if (out && !(e = list_push(p, &l))) {
                rc = SS_ERROR;
                break;
            }
            if ((rc = parse_value(p, e)) != SS_OK)
                break;
            if (lx->tok != JT_COMMA)
                break;
            if ((rc = json_lex_next(lx)) != SS_OK)
                break;
        }
    }
    if (rc == SS_OK)
        rc = expect(p, JT_ARR_END, P_ARRAY_NEXT);
    if (!out)
        return rc;
    if (rc != SS_OK) {
        free(l.v);
        return rc;
    }
    out->kind = JB_ARRAY;
    out->n = l.n;
    return list_finish(p, &l, out);
}

static int parse_object(parser *p, jv *out)
{
    json_lexer *lx = &p->lx;
    if (ss_ctx_check_stack(lx->ctx) != SS_OK || json_lex_next(lx) != SS_OK)
        return SS_ERROR;
    jv_list l = {0};
    int rc = SS_OK;
    if (lx->tok == JT_STRING) {
        for (;;) {
            if (lx->tok != JT_STRING) {
                rc = parse_error(p, P_STRING);
                break;
            }
            jv *k = NULL, *v = NULL;
            if (out) {
                if (!list_push(p, &l) || !list_push(p, &l)) {
                    rc = SS_ERROR;
                    break;
                }
                k = &l.v[l.n - 2];
                v = &l.v[l.n - 1];
                k->kind = JB_STRING;
                k->s = lx->str;
                k->len = lx->str_len;
                k->src = lx->tok_start;
                k->srclen = (uint32_t)(lx->tok_end - lx->tok_start);
            }
            if ((rc = json_lex_next(lx)) != SS_OK || (rc = expect(p, JT_COLON, P_OBJECT_LABEL)) != SS_OK ||
                (rc = parse_value(p, v)) != SS_OK)
                break;
            if (lx->tok != JT_COMMA)
                break;
            if ((rc = json_lex_next(lx)) != SS_OK)
                break;
        }
    } else if (lx->tok != JT_OBJ_END) {
        rc = parse_error(p, P_OBJECT_START);
    }
    if (rc == SS_OK)
        rc = expect(p, JT_OBJ_END, P_OBJECT_NEXT);
    if (!out)
        return rc;
    if (rc != SS_OK) {
        free(l.v);
        return rc;
    }
    out->kind = JB_OBJECT;
    out->n = l.n / 2;
    if (list_finish(p, &l, out) != SS_OK)
        return SS_ERROR;
    if (!p->spans)
        jv_object_normalise(out);
    return SS_OK;
}

static int parse_value(parser *p, jv *out)
{
    const char *start = p->lx.tok_start;
    int rc;
    switch (p->lx.tok) {
    case JT_OBJ_START: rc = parse_object(p, out); break;
    case JT_ARR_START: rc = parse_array(p, out); break;
    default: rc = parse_scalar(p, out); break;
    }
    if (rc == SS_OK && out && p->spans) {
        out->src = start;
        out->srclen = (uint32_t)(p->lx.prev_end - start);
    }
    return rc;
}

static int parse(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, bool spans, jv *out)
{
    parser p = {.arena = arena, .spans = spans};
    json_lex_init(&p.lx, ctx, s, len, arena);
    if (json_lex_next(&p.lx) != SS_OK || parse_value(&p, out) != SS_OK)
        return SS_ERROR;
    if (p.lx.tok != JT_END)
        return parse_error(&p, P_END);
    return SS_OK;
}

int json_validate(ss_ctx *ctx, const char *s, size_t len)
{
    return parse(ctx, s, len, NULL, false, NULL);
}

static int parse_tree(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, bool spans, jv **out)
{
    jv *v = ss_arena_alloc(arena, sizeof *v);
    if (!v)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (parse(ctx, s, len, arena, spans, v) != SS_OK)
        return SS_ERROR;
    *out = v;
    return SS_OK;
}

int json_parse_tree(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, jv **out)
{
    return parse_tree(ctx, s, len, arena, false, out);
}

int json_parse_spans(ss_ctx *ctx, const char *s, size_t len, ss_arena *arena, jv **out)
{
    return parse_tree(ctx, s, len, arena, true, out);
}

int jv_key_cmp(const char *a, uint32_t alen, const char *b, uint32_t blen)
{
    if (alen != blen)
        return alen < blen ? -1 : 1;
    return memcmp(a, b, alen);
}

typedef struct pair_ref {
    jv key, val;
    uint32_t order; /* position in the input: among equal keys the last wins */
} pair_ref;

static int pair_cmp(const void *x, const void *y)
{
    const pair_ref *a = x, *b = y;
    int c = jv_key_cmp(a->key.s, a->key.len, b->key.s, b->key.len);
    if (c)
        return c;
    return a->order < b->order ? -1 : a->order > b->order;
}

void jv_object_normalise(jv *obj)
{
    uint32_t n = obj->n;
    if (n < 2)
        return;
    bool sorted = true;
    for (uint32_t i = 1; i < n && sorted; i++)
        if (jv_key_cmp(obj->items[2 * i - 2].s, obj->items[2 * i - 2].len, obj->items[2 * i].s,
                       obj->items[2 * i].len) >= 0)
            sorted = false;
    if (sorted)
        return;
    pair_ref *r = malloc((size_t)n * sizeof *r);
    if (!r) {
        /* without scratch memory fall back to an in-place insertion sort */
        for (uint32_t i = 1; i < n; i++) {
            jv k = obj->items[2 * i], v = obj->items[2 * i + 1];
            uint32_t j = i;
            while (j > 0 && jv_key_cmp(obj->items[2 * j - 2].s, obj->items[2 * j - 2].len, k.s,
                                       k.len) > 0) {
                obj->items[2 * j] = obj->items[2 * j - 2];
                obj->items[2 * j + 1] = obj->items[2 * j - 1];
                j--;
            }
            obj->items[2 * j] = k;
            obj->items[2 * j + 1] = v;
        }
        r = NULL;
    } else {
        for (uint32_t i = 0; i < n; i++)
            r[i] = (pair_ref){obj->items[2 * i], obj->items[2 * i + 1], i};
        qsort(r, n, sizeof *r, pair_cmp);
        for (uint32_t i = 0; i < n; i++) {
            obj->items[2 * i] = r[i].key;
            obj->items[2 * i + 1] = r[i].val;
        }
        free(r);
    }
    /* drop duplicates, keeping the last of each run (the latest in the input) */
    uint32_t w = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i + 1 < n && jv_key_cmp(obj->items[2 * i].s, obj->items[2 * i].len,
                                    obj->items[2 * i + 2].s, obj->items[2 * i + 2].len) == 0)
            continue;
        obj->items[2 * w] = obj->items[2 * i];
        obj->items[2 * w + 1] = obj->items[2 * i + 1];
        w++;
    }
    obj->n = w;
}
