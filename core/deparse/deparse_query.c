/* deparse_query.c — a view's query laid out as PostgreSQL's ruleutils' get_query_def lays it out
 * (SELECT [DISTINCT] targets, FROM, WHERE, GROUP BY, HAVING, ORDER BY, OFFSET, LIMIT, and
 * UNION / INTERSECT / EXCEPT of such queries), with the FROM scopes its names resolve in;
 * ss_deparse_view, the entry point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "deparse/deparse_internal.h"
#include "types/json/json_srf.h"
#include "types/json_record.h"
#include "types/typeio.h"

static bool grow(dp *d, dp_scope *s)
{
    if (s->nrels < s->cap)
        return true;
    uint32_t cap = s->cap ? s->cap * 2 : 4;
    dp_rel **v = ss_arena_alloc(d->arena, sizeof *v * cap);
    if (!v)
        return false;
    if (s->nrels)
        memcpy(v, s->rels, sizeof *v * s->nrels);
    s->rels = v;
    s->cap = cap;
    return true;
}

static dp_rel *new_rel(dp *d, dp_scope *s, uint32_t ncols)
{
    dp_rel *r = ss_arena_alloc(d->arena, sizeof *r);
    if (!r || !grow(d, s))
        return NULL;
    memset(r, 0, sizeof *r);
    r->ncols = ncols;
    r->cols = ss_arena_alloc(d->arena, sizeof *r->cols * (ncols ? ncols : 1));
    r->print_cols = ss_arena_alloc(d->arena, sizeof *r->print_cols * (ncols ? ncols : 1));
    r->types = ss_arena_alloc(d->arena, sizeof *r->types * (ncols ? ncols : 1));
    if (!r->cols || !r->print_cols || !r->types)
        return NULL;
    s->rels[s->nrels++] = r;
    return r;
}

static dp_rel *copy_rel(dp *d, dp_scope *s, const dp_rel *from, const char *refname)
{
    dp_rel *r = new_rel(d, s, from->ncols);
    if (!r)
        return NULL;
    r->refname = refname;
    for (uint32_t i = 0; i < from->ncols; i++) {
        r->cols[i] = from->cols[i];
        r->print_cols[i] = from->print_cols[i];
        r->types[i] = from->types[i];
    }
    return r;
}

enum { FROM_RELATION, FROM_CTE, FROM_OTHER, FROM_FUNCTION };

/* The alias of a FROM item and its column aliases, as get_rte_alias / get_column_alias_list
 * print them: the alias of a relation or a WITH query only when its name (made unique
 * against the query levels around, set_rtable_names) is not the relation's own, a
 * relation's column aliases only when a name differs from the relation's own (printed)
 * one, another item's whenever the query wrote some; a function's always. */
static int alias_and_scope(dp *d, dp_scope *s, const ast_from_item *f, const dp_rel *cols, const char *refname,
                           const char *qualifier, int kind)
{
    if (f->ncolnames > cols->ncols)
        return dp_unsupported(d, "more column aliases than columns");
    const char *uniq = s->next_unique < s->nunique ? s->unique[s->next_unique++] : f->alias ? f->alias : refname;
    bool always = kind == FROM_FUNCTION;
    if (always || kind == FROM_OTHER || strcmp(uniq, refname) != 0) {
        ss_strbuf_putc(d->sb, ' ');
        dp_put_ident(d->sb, uniq);
    }
    dp_rel *r = copy_rel(d, s, cols, uniq);
    if (!r)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    r->qualifier = f->alias ? f->alias : qualifier;
    bool changed = false;
    for (uint32_t i = 0; i < f->ncolnames; i++) {
        changed |= strcmp(f->colnames[i], r->print_cols[i]) != 0;
        r->cols[i] = r->print_cols[i] = f->colnames[i];
    }
    if (always || (f->ncolnames && (kind != FROM_RELATION || changed))) {
        ss_strbuf_putc(d->sb, '(');
        for (uint32_t i = 0; i < r->ncols; i++) {
            if (i)
                ss_strbuf_puts(d->sb, ", ");
            dp_put_ident(d->sb, r->print_cols[i]);
        }
        ss_strbuf_putc(d->sb, ')');
    }
    return SS_OK;
}

/* The name a FROM item (not a join) is known by before it is made unique: its alias, a WITH
   query's name, a relation's name as printed (renamed), a function's name. */
static const char *item_refname(dp *d, const ast_select *q, const ast_from_item *f)
{
    if (f->alias)
        return f->alias;
    if (f->func)
        return f->func->kind == AE_FUNC ? f->func->names[f->func->nnames - 1] : "?";
    if (!f->table)
        return "?";
    if (!strchr(f->table, '.')) {
        for (uint32_t i = 0; i < q->nctes; i++)
            if (strcmp(q->ctes[i].name, f->table) == 0)
                return f->table;
        for (const dp_cte *c = d->ctes; c; c = c->outer)
            if (strcmp(c->name, f->table) == 0)
                return f->table;
    }
    ss_table *t = ss_catalog_find(d->c, f->table);
    ss_view *v = t ? NULL : ss_catalog_find_view(d->c, f->table);
    if (!t && !v)
        return "?";
    const char *name = t ? t->name : v->name;
    char qualified[SS_NS_REF_MAX];
    ss_ns_qualify(t ? t->ns : v->ns, name, qualified, sizeof qualified);
    if (d->rename && d->rename->rel && d->rename->new_rel && strcmp(d->rename->rel, qualified) == 0)
        return d->rename->new_rel;
    return name;
}

static bool name_used(const dp_names *level, const char *name, const char *const *mine, uint32_t nmine)
{
    for (uint32_t i = 0; i < nmine; i++)
        if (strcmp(mine[i], name) == 0)
            return true;
    for (; level; level = level->outer)
        for (uint32_t i = 0; i < level->n; i++)
            if (strcmp(level->names[i], name) == 0)
                return true;
    return false;
}

static void collect_refnames(dp *d, const ast_select *q, const ast_from_item *f, const char **out, uint32_t *n,
                             uint32_t cap)
{
    if (!f || *n >= cap)
        return;
    if (f->is_join) {
        collect_refnames(d, q, f->left, out, n, cap);
        collect_refnames(d, q, f->right, out, n, cap);
        if (!f->alias || *n >= cap)
            return;
    }
    const char *name = f->is_join ? f->alias : item_refname(d, q, f);
    if (name_used(d->names, name, out, *n)) {
        char buf[SS_NS_REF_MAX + 16];
        for (int k = 1;; k++) {
            snprintf(buf, sizeof buf, "%s_%d", name, k);
            if (!name_used(d->names, buf, out, *n))
                break;
        }
        name = ss_arena_strdup(d->arena, buf);
        if (!name)
            return;
    }
    out[(*n)++] = name;
}

static uint32_t count_items(const ast_from_item *f)
{
    return !f ? 0 : f->is_join ? count_items(f->left) + count_items(f->right) + (f->alias != NULL) : 1;
}

/* A relation of the catalog (or a WITH query) named in FROM: its name as printed
 * (qualified when the search path does not reach it; renames applied) and its columns. */
static int catalog_rel(dp *d, dp_scope *s, const ast_from_item *f)
{
    for (const dp_cte *c = d->ctes; c && !strchr(f->table, '.'); c = c->outer)
        if (strcmp(c->name, f->table) == 0) {
            dp_put_ident(d->sb, c->name);
            return alias_and_scope(d, s, f, &c->rel, c->name, c->name, FROM_CTE);
        }
    ss_table *t = ss_catalog_find(d->c, f->table);
    ss_view *v = t ? NULL : ss_catalog_find_view(d->c, f->table);
    if (!t && !v)
        return dp_unsupported(d, "a relation that does not exist any more");
    if (t && t->system)
        return dp_unsupported(d, "a system view");
    const struct ss_schema *ns = t ? t->ns : v->ns;
    const char *name = t ? t->name : v->name;
    uint32_t ncols = t ? t->ncols : v->ncols;
    char qualified[SS_NS_REF_MAX];
    ss_ns_qualify(ns, name, qualified, sizeof qualified);
    const ss_deparse_rename *rn = d->rename && d->rename->rel && strcmp(d->rename->rel, qualified) == 0 ? d->rename : NULL;
    /* visible: the bare name reaches the same relation under the current search path */
    const char *path = ss_ns_path_override(NULL);
    bool visible = t ? ss_catalog_find(d->c, name) == t : ss_catalog_find_view(d->c, name) == v;
    ss_ns_path_override(path);
    const char *printed = rn && rn->new_rel ? rn->new_rel : name;
    if (!visible || d->qualify_all) {
        const char *schema_end = strchr(qualified, '.');
        if (schema_end) {
            char schema[SS_NS_REF_MAX];
            size_t len = (size_t)(schema_end - qualified);
            memcpy(schema, qualified, len);
            schema[len] = '\0';
            dp_put_ident(d->sb, rn && rn->moved_to ? rn->moved_to
                                : d->rename && d->rename->schema && strcmp(d->rename->schema, schema) == 0
                                    ? d->rename->new_schema
                                    : schema);
            ss_strbuf_putc(d->sb, '.');
        }
    }
    dp_put_ident(d->sb, printed);
    dp_rel cols = {0};
    cols.ncols = ncols;
    cols.cols = ss_arena_alloc(d->arena, sizeof *cols.cols * (ncols ? ncols : 1));
    cols.print_cols = ss_arena_alloc(d->arena, sizeof *cols.print_cols * (ncols ? ncols : 1));
    cols.types = ss_arena_alloc(d->arena, sizeof *cols.types * (ncols ? ncols : 1));
    if (!cols.cols || !cols.print_cols || !cols.types)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < ncols; i++) {
        cols.cols[i] = t ? t->cols[i].name : v->col_names[i];
        cols.types[i] = t ? t->types[i] : v->types[i];
        cols.print_cols[i] = rn && rn->column && strcmp(rn->column, cols.cols[i]) == 0 ? rn->new_column : cols.cols[i];
    }
    int rc = alias_and_scope(d, s, f, &cols, printed, name, FROM_RELATION);
    if (rc == SS_OK)
        s->rels[s->nrels - 1]->is_table = t != NULL && !ss_is_matview(t);
    return rc;
}

/* [LATERAL] ( SELECT ...) alias: the subquery sees the queries around this one, and with
 * LATERAL the items to its left */
static int subquery_rel(dp *d, dp_scope *s, const ast_from_item *f)
{
    if (!f->alias)
        return dp_unsupported(d, "this subquery in FROM");
    if (f->lateral)
        ss_strbuf_puts(d->sb, "LATERAL ");
    ss_strbuf_putc(d->sb, '(');
    dp_rel out = {0};
    if (dp_query(d, f->subquery, f->lateral ? s : s->outer, 0, NULL, true, &out))
        return SS_ERROR;
    ss_strbuf_putc(d->sb, ')');
    return alias_and_scope(d, s, f, &out, f->alias, f->alias, FROM_OTHER);
}

/* The columns of a function in FROM (at most two before WITH ORDINALITY's) and the types its
 * arguments go to, as PostgreSQL's function resolution picks them: generate_series over
 * integer, bigint or numeric, or (timestamp[tz], timestamp[tz], interval); unnest of one
 * array; json's and jsonb's set-returning functions.  A NULL column name: the alias's, else
 * the function's (a scalar result). */
typedef struct from_call {
    uint32_t ncols;
    ss_type types[2];
    const char *names[2];
    ss_type params[3];
} from_call;

static bool from_call_types(const ast_expr *e, dp_node *const *args, from_call *fc)
{
    const char *name = e->names[0];
    ss_type ts = {SS_TYPE_TIMESTAMP, -1}, tz = {SS_TYPE_TIMESTAMPTZ, -1};
    fc->ncols = 1;
    fc->names[0] = fc->names[1] = NULL;
    if (!strcmp(name, "generate_series") && (e->nargs == 2 || e->nargs == 3)) {
        int32_t a = args[0]->type.id, b = args[1]->type.id;
        if (e->nargs == 3 && (args[2]->type.id == SS_TYPE_INTERVAL || args[2]->type.id == SS_TYPE_UNKNOWN) &&
            (a == SS_TYPE_TIMESTAMP || a == SS_TYPE_TIMESTAMPTZ || b == SS_TYPE_TIMESTAMP || b == SS_TYPE_TIMESTAMPTZ)) {
            /* (timestamp, timestamp, interval) when both are timestamp (or one untyped), else
               timestamptz; dates need a coercion not printed here */
            bool all_ts = (a == SS_TYPE_TIMESTAMP || (a == SS_TYPE_UNKNOWN && b == SS_TYPE_TIMESTAMP)) &&
                          (b == SS_TYPE_TIMESTAMP || (b == SS_TYPE_UNKNOWN && a == SS_TYPE_TIMESTAMP));
            fc->types[0] = fc->params[0] = fc->params[1] = all_ts ? ts : tz;
            fc->params[2] = (ss_type){SS_TYPE_INTERVAL, -1};
            return true;
        }
        ss_type t = {SS_TYPE_INT4, -1};
        for (uint32_t i = 0; i < e->nargs; i++) {
            int32_t id = args[i]->type.id;
            if (id == SS_TYPE_NUMERIC)
                t.id = SS_TYPE_NUMERIC;
            else if (id == SS_TYPE_INT8 && t.id != SS_TYPE_NUMERIC)
                t.id = SS_TYPE_INT8;
            else if (id != SS_TYPE_INT4 && id != SS_TYPE_INT2 && id != SS_TYPE_INT8)
                return false;
        }
        fc->types[0] = fc->params[0] = fc->params[1] = fc->params[2] = t;
        return true;
    }
    if (!strcmp(name, "unnest") && e->nargs == 1) {
        if (!ss_type_is_array(args[0]->type.id))
            return false;
        fc->params[0] = args[0]->type;
        fc->types[0] = (ss_type){ss_type_element_of(args[0]->type.id), -1};
        return true;
    }
    json_record_kind k;
    if (e->nargs == 1 && json_record_function(name, &k) && !k.populate) {
        fc->ncols = 0; /* the column definition list's */
        fc->params[0] = (ss_type){k.jsonb ? SS_TYPE_JSONB : SS_TYPE_JSON, -1};
        return true;
    }
    int32_t arg_type;
    if (e->nargs == 1 && json_srf_describe(name, &arg_type, &fc->ncols, fc->types, fc->names) && fc->ncols <= 2) {
        fc->params[0] = (ss_type){arg_type, -1};
        return true;
    }
    return false;
}

/* A function's arguments resolved in scope sc and printed into out, its columns in *fc */
static int call_args(dp *d, const dp_scope *sc, const ast_expr *e, uint32_t ncoldefs, ss_strbuf *out, from_call *fc)
{
    dp_node *args[3];
    const dp_scope *keep = d->scope;
    ss_strbuf *keep_sb = d->sb;
    d->scope = sc;
    d->sb = out;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < e->nargs; i++)
        if (!(args[i] = dp_resolve(d, e->args[i])))
            rc = SS_ERROR;
    if (rc == SS_OK && (!from_call_types(e, args, fc) || !fc->ncols != (ncoldefs != 0)))
        rc = dp_unsupported(d, "this function in FROM");
    for (uint32_t i = 0; rc == SS_OK && i < e->nargs; i++) {
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        dp_node *a = dp_coerce(d, args[i], fc->params[i]);
        rc = a ? dp_print_expr(d, a, true) : SS_ERROR;
    }
    d->scope = keep;
    d->sb = keep_sb;
    return rc;
}

/* json(b)_to_record(set)(...) alias(name type, ...): the columns of its column definition
   list, printed after the alias as get_from_clause_coldeflist */
static int coldef_list(dp *d, dp_scope *s, const ast_from_item *f)
{
    uint32_t n = f->ncoldefs;
    dp_rel cols = {0};
    cols.ncols = n;
    cols.cols = cols.print_cols = f->coldef_names;
    cols.types = ss_arena_alloc(d->arena, sizeof *cols.types * n);
    if (!cols.types)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        const ast_type_name *tn = &f->coldef_types[i];
        if (dp_type_name(d, tn, &cols.types[i]))
            return SS_ERROR;
        if (tn->is_array && (tn->typmod >= 0 || (cols.types[i].id = ss_type_array_of(cols.types[i].id)) == SS_TYPE_INVALID))
            return dp_unsupported(d, "this column definition");
    }
    ast_from_item named = *f;
    named.ncolnames = 0;
    if (alias_and_scope(d, s, &named, &cols, f->func->names[0], f->func->names[0], FROM_OTHER))
        return SS_ERROR;
    ss_strbuf_putc(d->sb, '(');
    for (uint32_t i = 0; i < n; i++) {
        char buf[96];
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        dp_put_ident(d->sb, cols.cols[i]);
        ss_strbuf_putc(d->sb, ' ');
        ss_strbuf_puts(d->sb, ss_type_display_name(cols.types[i], buf, sizeof buf));
    }
    ss_strbuf_putc(d->sb, ')');
    return SS_OK;
}

/* A function in FROM [WITH ORDINALITY]: always printed with its alias and column names;
 * LATERAL when written so or when it reads the items to its left (a function in FROM sees
 * them without the keyword) */
static int function_rel(dp *d, dp_scope *s, const ast_from_item *f)
{
    const ast_expr *e = f->func;
    if (f->nrows_from)
        return dp_unsupported(d, "ROWS FROM");
    if (e->kind != AE_FUNC || e->nnames != 1 || e->nargs > 3 || e->over || e->star || e->distinct ||
        e->arg_names || e->variadic || e->filter || e->nagg_order || e->within_group)
        return dp_unsupported(d, "a function in FROM");
    ss_strbuf inner, around;
    ss_strbuf_init(&inner);
    ss_strbuf_init(&around);
    from_call fc = {0}, fc2 = {0}; /* a record function (column definition list) sets no types */
    int rc = call_args(d, s, e, f->ncoldefs, &inner, &fc);
    bool lateral = f->lateral;
    if (rc == SS_OK && !lateral) {
        /* reading the items to its left: it prints otherwise without them */
        if (call_args(d, s->outer, e, f->ncoldefs, &around, &fc2) != SS_OK) {
            ss_error_clear(d->ctx->err);
            lateral = true;
        } else
            lateral = fc.types[0].id != fc2.types[0].id || !inner.data != !around.data ||
                      (inner.data && strcmp(inner.data, around.data) != 0);
    }
    const char *fname = e->names[0];
    if (rc == SS_OK) {
        if (lateral)
            ss_strbuf_puts(d->sb, "LATERAL ");
        dp_put_ident(d->sb, fname);
        ss_strbuf_putc(d->sb, '(');
        if (inner.data)
            ss_strbuf_puts(d->sb, inner.data);
    }
    ss_strbuf_free(&inner);
    ss_strbuf_free(&around);
    if (rc)
        return SS_ERROR;
    ss_strbuf_putc(d->sb, ')');
    if (f->ordinality)
        ss_strbuf_puts(d->sb, " WITH ORDINALITY");
    if (f->ncoldefs)
        return coldef_list(d, s, f);
    dp_rel cols = {0};
    const char *names[3];
    ss_type types[3];
    for (uint32_t i = 0; i < fc.ncols; i++) {
        names[i] = fc.names[i] ? fc.names[i] : f->alias ? f->alias : fname;
        types[i] = fc.types[i];
    }
    cols.ncols = fc.ncols;
    if (f->ordinality) {
        names[cols.ncols] = "ordinality";
        types[cols.ncols++] = (ss_type){SS_TYPE_INT8, -1};
    }
    cols.cols = cols.print_cols = names;
    cols.types = types;
    return alias_and_scope(d, s, f, &cols, fname, fname, FROM_FUNCTION);
}

/* ( VALUES ...) alias */
static int values_rel(dp *d, dp_scope *s, const ast_from_item *f)
{
    if (!f->alias || f->lateral)
        return dp_unsupported(d, "this VALUES in FROM");
    ss_strbuf_putc(d->sb, '(');
    dp_rel out = {0};
    if (dp_query(d, f->subquery, s->outer, 0, NULL, true, &out))
        return SS_ERROR;
    ss_strbuf_putc(d->sb, ')');
    return alias_and_scope(d, s, f, &out, f->alias, f->alias, FROM_OTHER);
}

/* JOIN ... USING (cols): each column merged, named for the left side's (the right's for a
 * RIGHT JOIN) */
static int using_merges(dp *d, dp_scope *s, const ast_from_item *f, const char *const *using_cols, uint32_t nusing,
                        uint32_t left_from, uint32_t right_from, uint32_t left_merges, uint32_t right_merges)
{
    bool full = f->join_type == AST_JOIN_FULL;
    uint32_t from = f->join_type == AST_JOIN_RIGHT ? right_from : left_from;
    uint32_t to = f->join_type == AST_JOIN_RIGHT ? s->nrels : right_from;
    /* FULL JOIN: each merged column is the join's own (PostgreSQL's COALESCE of both sides),
       printed unqualified as a column of a join without an alias is; refname NULL */
    dp_rel *joined = NULL;
    if (full) {
        dp_scope scratch = {0};
        if (!(joined = new_rel(d, &scratch, nusing)))
            return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_strbuf_puts(d->sb, " USING (");
    for (uint32_t i = 0; i < nusing; i++) {
        const dp_rel *hit = NULL, *other = NULL;
        uint32_t at = 0, other_at = 0;
        /* a column a join of a side merged: that join's (a FULL JOIN's own column) */
        const dp_merge *side_merge = NULL, *other_merge = NULL;
        for (uint32_t m = left_merges; m < s->nmerges; m++)
            if (strcmp(s->merges[m].name, using_cols[i]) == 0)
                *((m < right_merges) == (f->join_type != AST_JOIN_RIGHT) ? &side_merge : &other_merge) = &s->merges[m];
        for (uint32_t r = left_from; r < s->nrels; r++)
            for (uint32_t c = 0; c < s->rels[r]->ncols; c++)
                if (strcmp(s->rels[r]->cols[c], using_cols[i]) == 0) {
                    if (r >= from && r < to) {
                        hit = s->rels[r];
                        at = c;
                    } else {
                        other = s->rels[r];
                        other_at = c;
                    }
                }
        if (!hit || strcmp(hit->print_cols[at], hit->cols[at]) != 0)
            return dp_unsupported(d, "this JOIN ... USING");
        if (side_merge) {
            hit = side_merge->rel;
            at = side_merge->at;
        }
        if (other_merge) {
            other = other_merge->rel;
            other_at = other_merge->at;
        }
        ss_type t;
        if (f->join_type == AST_JOIN_INNER && other && hit->types[at].id != other->types[other_at].id &&
            dp_common_type(hit->types[at], other->types[other_at], &t) && t.id == other->types[other_at].id) {
            /* PostgreSQL's buildMergedJoinVar: an inner join's column is the side needing no
               coercion */
            hit = other;
            at = other_at;
        }
        if (full) {
            if (!other || !dp_common_type(hit->types[at], other->types[other_at], &t))
                return dp_unsupported(d, "this FULL JOIN ... USING");
            joined->cols[i] = joined->print_cols[i] = using_cols[i];
            joined->types[i] = t;
            hit = joined;
            at = i;
        }
        for (uint32_t r = left_from; r < s->nrels; r++)
            for (uint32_t c = 0; c < s->rels[r]->ncols; c++)
                if (strcmp(s->rels[r]->cols[c], using_cols[i]) == 0 &&
                    strcmp(s->rels[r]->print_cols[c], s->rels[r]->cols[c]) != 0)
                    return dp_unsupported(d, "JOIN ... USING a renamed column");
        if (s->nmerges == s->cap_merges) {
            uint32_t cap = s->cap_merges ? s->cap_merges * 2 : 4;
            dp_merge *m = ss_arena_alloc(d->arena, sizeof *m * cap);
            if (!m)
                return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            if (s->nmerges)
                memcpy(m, s->merges, sizeof *m * s->nmerges);
            s->merges = m;
            s->cap_merges = cap;
        }
        s->merges[s->nmerges++] = (dp_merge){using_cols[i], hit, at};
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        dp_put_ident(d->sb, using_cols[i]);
    }
    ss_strbuf_putc(d->sb, ')');
    return SS_OK;
}

/* One column of * over a FROM tree: rel's column at. */
typedef struct star_col {
    const dp_rel *rel;
    uint32_t at;
} star_col;

static int star_cols(dp *d, const dp_scope *s, const ast_from_item *f, uint32_t *next, star_col *out, uint32_t *n,
                     bool top);

/* (a JOIN b ...) j: the relations of the join (from left_from) and its merged columns
   (from merges_from) give way to one relation j of its columns in expandRTE's order, which
   every reference outside reads (PostgreSQL prints them j.x) */
static int join_alias(dp *d, dp_scope *s, const ast_from_item *f, uint32_t left_from, uint32_t merges_from)
{
    uint32_t all = 0, next = left_from, n = 0;
    for (uint32_t r = left_from; r < s->nrels; r++)
        all += s->rels[r]->ncols;
    star_col *sc = ss_arena_alloc(d->arena, sizeof *sc * (all ? all : 1));
    dp_rel cols = {0};
    cols.cols = ss_arena_alloc(d->arena, sizeof *cols.cols * (all ? all : 1));
    cols.print_cols = ss_arena_alloc(d->arena, sizeof *cols.print_cols * (all ? all : 1));
    cols.types = ss_arena_alloc(d->arena, sizeof *cols.types * (all ? all : 1));
    if (!sc || !cols.cols || !cols.print_cols || !cols.types)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (star_cols(d, s, f, &next, sc, &n, true))
        return SS_ERROR;
    if (f->ncolnames > n)
        return dp_unsupported(d, "more column aliases than columns");
    if (f->ncolnames && s->nmerges != merges_from)
        return dp_unsupported(d, "column aliases of a join with USING");
    bool renamed = false;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t at = sc[i].at;
        cols.cols[i] = i < f->ncolnames ? f->colnames[i] : sc[i].rel->cols[at];
        cols.print_cols[i] = i < f->ncolnames ? f->colnames[i] : sc[i].rel->print_cols[at];
        cols.types[i] = sc[i].rel->types[at];
        renamed |= strcmp(cols.print_cols[i], sc[i].rel->print_cols[at]) != 0;
        /* a name an earlier column has: PostgreSQL's make_colname_unique (name_1, ...), the
           join's column names then printed after its alias */
        bool dup = false;
        for (uint32_t k = 0; i >= f->ncolnames && !dup && k < i; k++)
            dup = strcmp(cols.print_cols[k], cols.print_cols[i]) == 0;
        for (int suffix = 1; dup; suffix++) {
            char buf[SS_NS_REF_MAX + 16];
            snprintf(buf, sizeof buf, "%s_%d", sc[i].rel->print_cols[at], suffix);
            dup = false;
            for (uint32_t k = 0; !dup && k < n; k++)
                dup = strcmp(k < i ? cols.print_cols[k] : sc[k].rel->print_cols[sc[k].at], buf) == 0;
            if (!dup && !(cols.print_cols[i] = ss_arena_strdup(d->arena, buf)))
                return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            renamed |= !dup;
        }
    }
    cols.ncols = n;
    s->nrels = left_from;
    s->nmerges = merges_from;
    ast_from_item named = *f; /* the column aliases are cols' names already */
    named.ncolnames = 0;
    if (alias_and_scope(d, s, &named, &cols, f->alias, f->alias, FROM_OTHER))
        return SS_ERROR;
    if (renamed) {
        ss_strbuf_putc(d->sb, '(');
        for (uint32_t i = 0; i < n; i++) {
            if (i)
                ss_strbuf_puts(d->sb, ", ");
            dp_put_ident(d->sb, cols.print_cols[i]);
        }
        ss_strbuf_putc(d->sb, ')');
    }
    return SS_OK;
}

static int from_item(dp *d, dp_scope *s, const ast_from_item *f)
{
    if (!f->is_join) {
        if (f->table)
            return catalog_rel(d, s, f);
        if (f->subquery && !f->subquery->values)
            return subquery_rel(d, s, f);
        if (f->subquery)
            return values_rel(d, s, f);
        return f->func ? function_rel(d, s, f) : dp_unsupported(d, "this FROM item");
    }
    if (f->join_type == AST_JOIN_COMMA)
        return dp_unsupported(d, "this FROM list");
    if (f->lateral || f->using_alias)
        return dp_unsupported(d, "an aliased join");
    bool paren_right = d->pretty && f->right->is_join && !f->right->alias;
    if (!d->pretty || f->alias)
        ss_strbuf_putc(d->sb, '(');
    uint32_t left_from = s->nrels, merges_from = s->nmerges;
    if (from_item(d, s, f->left))
        return SS_ERROR;
    const char *kw = f->join_type == AST_JOIN_CROSS   ? " CROSS JOIN "
                     : f->join_type == AST_JOIN_LEFT  ? " LEFT JOIN "
                     : f->join_type == AST_JOIN_RIGHT ? " RIGHT JOIN "
                     : f->join_type == AST_JOIN_FULL  ? " FULL JOIN "
                                                      : " JOIN ";
    dp_keyword(d, kw, -DP_INDENT_STD, DP_INDENT_STD, DP_INDENT_JOIN);
    size_t kw_end = d->sb->len; /* a NATURAL JOIN without common columns is a CROSS JOIN */
    if (paren_right)
        ss_strbuf_putc(d->sb, '(');
    uint32_t right_from = s->nrels, right_merges = s->nmerges;
    if (from_item(d, s, f->right))
        return SS_ERROR;
    if (paren_right)
        ss_strbuf_putc(d->sb, ')');
    if (f->natural) {
        /* PostgreSQL prints NATURAL JOIN as the USING of the columns both sides have */
        dp_natural *nat = ss_arena_alloc(d->arena, sizeof *nat);
        uint32_t cap = 0;
        for (uint32_t r = left_from; r < right_from; r++)
            cap += s->rels[r]->ncols;
        if (!nat || !(nat->cols = ss_arena_alloc(d->arena, sizeof *nat->cols * (cap ? cap : 1))))
            return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        nat->ncols = 0;
        for (uint32_t r = left_from; r < right_from; r++)
            for (uint32_t c = 0; c < s->rels[r]->ncols; c++) {
                const char *name = s->rels[r]->cols[c];
                uint32_t left_n = 0, right_n = 0;
                for (uint32_t r2 = left_from; r2 < s->nrels; r2++)
                    for (uint32_t c2 = 0; c2 < s->rels[r2]->ncols; c2++)
                        if (strcmp(s->rels[r2]->cols[c2], name) == 0)
                            *(r2 < right_from ? &left_n : &right_n) += 1;
                if (!right_n)
                    continue;
                if (left_n != 1 || right_n != 1)
                    return dp_unsupported(d, "this NATURAL JOIN");
                nat->cols[nat->ncols++] = name;
            }
        nat->join = f;
        nat->next = s->naturals;
        s->naturals = nat;
        if (!nat->ncols && f->join_type == AST_JOIN_INNER) {
            /* PostgreSQL's JOIN without a condition: " CROSS JOIN " where " JOIN " is */
            ss_strbuf rest;
            ss_strbuf_init(&rest);
            if (d->sb->data && d->sb->len >= kw_end)
                ss_strbuf_append(&rest, d->sb->data + kw_end - 5, d->sb->len - (kw_end - 5));
            d->sb->len = kw_end - 5;
            d->sb->data[d->sb->len] = '\0';
            ss_strbuf_puts(d->sb, "CROSS ");
            if (rest.data)
                ss_strbuf_puts(d->sb, rest.data);
            ss_strbuf_free(&rest);
        } else if (!nat->ncols)
            ss_strbuf_puts(d->sb, " ON TRUE");
        else if (using_merges(d, s, f, nat->cols, nat->ncols, left_from, right_from, merges_from, right_merges))
            return SS_ERROR;
    } else if (f->nusing) {
        if (using_merges(d, s, f, f->using_cols, f->nusing, left_from, right_from, merges_from, right_merges))
            return SS_ERROR;
    } else if (f->on) {
        dp_node *on = dp_resolve(d, f->on);
        if (!on || !(on = dp_coerce(d, on, (ss_type){SS_TYPE_BOOL, -1})))
            return SS_ERROR;
        ss_strbuf_puts(d->sb, " ON ");
        if (!d->pretty)
            ss_strbuf_putc(d->sb, '(');
        if (dp_print_expr(d, on, false))
            return SS_ERROR;
        if (!d->pretty)
            ss_strbuf_putc(d->sb, ')');
    } else if (f->join_type != AST_JOIN_CROSS && f->join_type != AST_JOIN_INNER)
        ss_strbuf_puts(d->sb, " ON TRUE");
    if (!d->pretty || f->alias)
        ss_strbuf_putc(d->sb, ')');
    return f->alias ? join_alias(d, s, f, left_from, merges_from) : SS_OK;
}

/* The items of a comma-separated FROM list, left to right. */
static int from_list(dp *d, dp_scope *s, const ast_from_item *f, bool *first)
{
    if (f->is_join && f->join_type == AST_JOIN_COMMA)
        return from_list(d, s, f->left, first) || from_list(d, s, f->right, first);
    if (*first)
        dp_keyword(d, " FROM ", -DP_INDENT_STD, DP_INDENT_STD, 2);
    else {
        ss_strbuf_puts(d->sb, ", ");
        dp_keyword(d, "", -DP_INDENT_STD, DP_INDENT_STD, DP_INDENT_VAR);
    }
    *first = false;
    return from_item(d, s, f);
}

/* FigureColname: the name a select-list item gets without AS */
static const char *figure_colname(const ast_expr *e)
{
    switch (e->kind) {
    case AE_COLUMN:
        return e->names[e->nnames - 1];
    case AE_FUNC:
        return e->names[e->nnames - 1];
    case AE_CAST: {
        const char *n = figure_colname(e->args[0]);
        return n ? n : e->type.name;
    }
    case AE_CASE:
        return "case";
    case AE_COALESCE:
        return "coalesce";
    case AE_SUBLINK:
        if (e->sublink == AST_SUBLINK_EXISTS)
            return "exists";
        if (e->sublink == AST_SUBLINK_EXPR && e->subselect->ntargets)
            return e->subselect->targets[0].alias ? e->subselect->targets[0].alias
                                                  : figure_colname(e->subselect->targets[0].expr);
        return NULL;
    case AE_BOOL:
        return "bool";
    default:
        return NULL;
    }
}

typedef struct dp_target {
    dp_node *expr;
    const char *name;
} dp_target;


/* The columns * reads from FROM item f, as PostgreSQL's expandRTE orders a join's: the
   merged columns of USING / NATURAL first (the left side's, a RIGHT JOIN's right side's),
   then the other columns of each side; *next is the next relation of the scope. */
static int star_cols(dp *d, const dp_scope *s, const ast_from_item *f, uint32_t *next, star_col *out, uint32_t *n,
                     bool top)
{
    if (!f->is_join || (f->alias && !top)) {
        if (*next >= s->nrels)
            return dp_unsupported(d, "this *");
        const dp_rel *r = s->rels[(*next)++];
        for (uint32_t c = 0; c < r->ncols; c++)
            out[(*n)++] = (star_col){r, c};
        return SS_OK;
    }
    const char *const *using_cols = f->using_cols;
    uint32_t nusing = f->nusing;
    for (const dp_natural *nat = s->naturals; f->natural && nat; nat = nat->next)
        if (nat->join == f) {
            using_cols = nat->cols;
            nusing = nat->ncols;
        }
    if (!nusing)
        return star_cols(d, s, f->left, next, out, n, false) || star_cols(d, s, f->right, next, out, n, false);
    uint32_t start = *n, lo, hi;
    if (star_cols(d, s, f->left, next, out, n, false))
        return SS_ERROR;
    lo = *n;
    if (star_cols(d, s, f->right, next, out, n, false))
        return SS_ERROR;
    hi = *n;
    uint32_t total = hi - start;
    star_col *tmp = ss_arena_alloc(d->arena, sizeof *tmp * (total ? total : 1));
    if (!tmp)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t k = 0;
    bool right = f->join_type == AST_JOIN_RIGHT;
    for (uint32_t u = 0; u < nusing; u++) {
        bool found = false;
        for (uint32_t m = 0; f->join_type == AST_JOIN_FULL && !found && m < s->nmerges; m++)
            if (!s->merges[m].rel->refname && strcmp(s->merges[m].name, using_cols[u]) == 0) {
                tmp[k++] = (star_col){s->merges[m].rel, s->merges[m].at};
                found = true;
            }
        for (uint32_t i = right ? lo : start; !found && i < (right ? hi : lo); i++)
            if (strcmp(out[i].rel->cols[out[i].at], using_cols[u]) == 0) {
                tmp[k++] = out[i];
                found = true;
            }
        if (!found)
            return dp_unsupported(d, "this *");
    }
    for (uint32_t i = start; i < hi; i++) {
        bool merged = false;
        for (uint32_t u = 0; !merged && u < nusing; u++)
            merged = strcmp(out[i].rel->cols[out[i].at], using_cols[u]) == 0;
        if (!merged)
            tmp[k++] = out[i];
    }
    memcpy(out + start, tmp, sizeof *tmp * k);
    *n = start + k;
    return SS_OK;
}

/* qualifier.column of a * expansion, resolved in scope s. */
static dp_node *star_column(dp *d, const dp_scope *s, const char *qualifier, const char *column)
{
    const char *names[2] = {qualifier, column};
    ast_expr col = {0};
    col.kind = AE_COLUMN;
    col.names = qualifier ? names : names + 1; /* NULL: a FULL JOIN's merged column */
    col.nnames = qualifier ? 2 : 1;
    const dp_scope *keep = d->scope;
    d->scope = s;
    dp_node *e = dp_resolve(d, &col);
    d->scope = keep;
    return e;
}

/* The select list resolved, * expanded. */
static int targets(dp *d, const ast_select *q, const dp_scope *s, dp_target **out, uint32_t *n)
{
    uint32_t cap = 0, all = 0;
    for (uint32_t r = 0; r < s->nrels; r++)
        all += s->rels[r]->ncols;
    for (uint32_t i = 0; i < q->ntargets; i++)
        cap += q->targets[i].expr->kind == AE_STAR ? all + 1 : 1;
    dp_target *v = ss_arena_alloc(d->arena, sizeof *v * (cap ? cap : 1));
    if (!v)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *n = 0;
    for (uint32_t i = 0; i < q->ntargets; i++) {
        const ast_target *t = &q->targets[i];
        if (t->expr->kind == AE_STAR) {
            if (t->expr->nnames > 1)
                return dp_unsupported(d, "a qualified * with a schema");
            bool any = false;
            if (t->expr->nnames == 0 && s->nmerges) {
                uint32_t cols = 0, next = 0, nsc = 0;
                for (uint32_t r = 0; r < s->nrels; r++)
                    cols += s->rels[r]->ncols;
                star_col *sc = ss_arena_alloc(d->arena, sizeof *sc * (cols ? cols : 1));
                if (!sc)
                    return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                if (star_cols(d, s, q->from, &next, sc, &nsc, false))
                    return SS_ERROR;
                for (uint32_t k = 0; k < nsc; k++) {
                    const dp_rel *rel = sc[k].rel;
                    if (!(v[*n].expr = star_column(d, s, rel->qualifier ? rel->qualifier : rel->refname,
                                                   rel->cols[sc[k].at])))
                        return SS_ERROR;
                    v[(*n)++].name = rel->cols[sc[k].at];
                }
                continue;
            }
            for (uint32_t r = 0; r < s->nrels; r++) {
                const dp_rel *rel = s->rels[r];
                const char *qualifier = rel->qualifier ? rel->qualifier : rel->refname;
                if (t->expr->nnames == 1 && strcmp(qualifier, t->expr->names[0]) != 0)
                    continue;
                for (uint32_t c = 0; c < rel->ncols; c++) {
                    if (!(v[*n].expr = star_column(d, s, qualifier, rel->cols[c])))
                        return SS_ERROR;
                    v[(*n)++].name = rel->cols[c];
                    any = true;
                }
            }
            if (!any)
                return dp_unsupported(d, "this *");
            continue;
        }
        if (!(v[*n].expr = dp_resolve(d, t->expr)))
            return SS_ERROR;
        if (v[*n].expr->type.id == SS_TYPE_UNKNOWN && !(v[*n].expr = dp_coerce(d, v[*n].expr, (ss_type){SS_TYPE_TEXT, -1})))
            return SS_ERROR;
        const char *name = t->alias ? t->alias : figure_colname(t->expr);
        if (!t->alias && v[*n].expr->kind == DN_VAR) /* the name it had: a rename keeps it */
            name = v[*n].expr->query_colname;
        v[(*n)++].name = name ? name : "?column?";
    }
    *out = v;
    return SS_OK;
}

/* An ORDER BY / GROUP BY item: an ordinal or an output name means that select-list item */
static int sort_group_item(dp *d, const ast_expr *e, const ast_select *q, const dp_target *tl, uint32_t ntl)
{
    const dp_node *n = NULL;
    if (e->kind == AE_INT) {
        if (e->ival < 1 || (uint64_t)e->ival > ntl)
            return dp_unsupported(d, "this ordinal");
        n = tl[e->ival - 1].expr;
    } else if (e->kind == AE_COLUMN && e->nnames == 1) {
        for (uint32_t i = 0; i < q->ntargets && i < ntl; i++)
            if (q->targets[i].alias && strcmp(q->targets[i].alias, e->names[0]) == 0)
                n = tl[i].expr;
    }
    if (!n && !(n = dp_resolve(d, e)))
        return SS_ERROR;
    return dp_print_sortgroup(d, n);
}

/* OFFSET and LIMIT / FETCH FIRST (bigint, the implicit cast not shown) */
static int limit_clause(dp *d, const ast_select *q)
{
    d->in_agg_ok = false;
    const dp_scope *keep = d->scope;
    d->scope = NULL; /* LIMIT cannot read columns */
    for (int k = 0; k < 2; k++) {
        const ast_expr *e = k == 0 ? q->offset : q->limit;
        if (!e)
            continue;
        if (k == 1 && e->kind == AE_NULL && !q->with_ties) {
            dp_keyword(d, " LIMIT ", -DP_INDENT_STD, DP_INDENT_STD, 0);
            ss_strbuf_puts(d->sb, "ALL");
            continue;
        }
        dp_node *n = dp_resolve(d, e);
        if (!n || !(n = dp_coerce(d, n, (ss_type){SS_TYPE_INT8, -1}))) {
            d->scope = keep;
            return SS_ERROR;
        }
        dp_keyword(d, k == 0 ? " OFFSET " : q->with_ties ? " FETCH FIRST " : " LIMIT ", -DP_INDENT_STD, DP_INDENT_STD, 0);
        if (dp_print_expr(d, n, false)) {
            d->scope = keep;
            return SS_ERROR;
        }
        if (k == 1 && q->with_ties)
            ss_strbuf_puts(d->sb, " ROWS WITH TIES");
    }
    d->scope = keep;
    return SS_OK;
}

/* get_rule_groupingset: ROLLUP / CUBE / GROUPING SETS and their items */
static int grouping_set(dp *d, const ast_expr *g, const ast_select *q, const dp_target *tl, uint32_t ntl,
                        bool omit_parens)
{
    if (g->kind != AE_GROUPING_SET) {
        /* a plain expression: a simple set of one */
        if (!omit_parens)
            ss_strbuf_putc(d->sb, '(');
        if (sort_group_item(d, g, q, tl, ntl))
            return SS_ERROR;
        if (!omit_parens)
            ss_strbuf_putc(d->sb, ')');
        return SS_OK;
    }
    bool child_omit = true;
    switch ((ast_grouping_set_kind)g->ival) {
    case AST_GSET_EMPTY:
        ss_strbuf_puts(d->sb, "()");
        return SS_OK;
    case AST_GSET_LIST: {
        bool paren = !omit_parens || g->nargs != 1;
        if (paren)
            ss_strbuf_putc(d->sb, '(');
        for (uint32_t i = 0; i < g->nargs; i++) {
            if (g->args[i]->kind == AE_GROUPING_SET)
                return dp_unsupported(d, "this grouping set");
            if (i)
                ss_strbuf_puts(d->sb, ", ");
            if (sort_group_item(d, g->args[i], q, tl, ntl))
                return SS_ERROR;
        }
        if (paren)
            ss_strbuf_putc(d->sb, ')');
        return SS_OK;
    }
    case AST_GSET_ROLLUP:
        ss_strbuf_puts(d->sb, "ROLLUP(");
        break;
    case AST_GSET_CUBE:
        ss_strbuf_puts(d->sb, "CUBE(");
        break;
    case AST_GSET_SETS:
        ss_strbuf_puts(d->sb, "GROUPING SETS (");
        child_omit = false;
        break;
    default:
        return dp_unsupported(d, "this grouping set");
    }
    for (uint32_t i = 0; i < g->nargs; i++) {
        const ast_expr *c = g->args[i];
        /* the parser flattens GROUPING SETS inside GROUPING SETS; ROLLUP / CUBE take only
           simple sets */
        if (c->kind == AE_GROUPING_SET && c->ival != AST_GSET_LIST && c->ival != AST_GSET_EMPTY)
            return dp_unsupported(d, "nested grouping sets");
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        if (grouping_set(d, c, q, tl, ntl, child_omit))
            return SS_ERROR;
    }
    ss_strbuf_putc(d->sb, ')');
    return SS_OK;
}

static int group_by(dp *d, const ast_select *q, const dp_target *tl, uint32_t ntl)
{
    if (q->group_distinct)
        return dp_unsupported(d, "GROUP BY DISTINCT");
    bool sets = false;
    for (uint32_t i = 0; i < q->ngroup; i++)
        sets |= q->group_by[i]->kind == AE_GROUPING_SET && q->group_by[i]->ival != AST_GSET_LIST;
    dp_keyword(d, " GROUP BY ", -DP_INDENT_STD, DP_INDENT_STD, 1);
    bool first = true;
    for (uint32_t i = 0; i < q->ngroup; i++) {
        const ast_expr *g = q->group_by[i];
        if (!sets && g->kind == AE_GROUPING_SET) {
            /* GROUP BY (a, b) without grouping sets is GROUP BY a, b (flatten_grouping_sets) */
            for (uint32_t k = 0; k < g->nargs; k++) {
                if (g->args[k]->kind == AE_GROUPING_SET)
                    return dp_unsupported(d, "this grouping set");
                if (!first)
                    ss_strbuf_puts(d->sb, ", ");
                first = false;
                if (sort_group_item(d, g->args[k], q, tl, ntl))
                    return SS_ERROR;
            }
            continue;
        }
        if (!first)
            ss_strbuf_puts(d->sb, ", ");
        first = false;
        if (sets ? grouping_set(d, g, q, tl, ntl, true) : sort_group_item(d, g, q, tl, ntl))
            return SS_ERROR;
    }
    return SS_OK;
}

/* WINDOW name AS (...), ... (get_rule_windowclause) */
static int window_clause(dp *d, const ast_select *q)
{
    if (!q->nwindows)
        return SS_OK;
    dp_keyword(d, " WINDOW ", -DP_INDENT_STD, DP_INDENT_STD, 1);
    for (uint32_t i = 0; i < q->nwindows; i++) {
        dp_node *w = dp_resolve_window(d, &q->windows[i]);
        if (!w)
            return SS_ERROR;
        if (i)
            ss_strbuf_puts(d->sb, ", ");
        dp_put_ident(d->sb, q->windows[i].name);
        ss_strbuf_puts(d->sb, " AS ");
        if (dp_print_window_spec(d, w))
            return SS_ERROR;
    }
    return SS_OK;
}

/* FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE: PostgreSQL's rowMarks, one per locked
   table (OF names, else every table of FROM), the strongest strength and wait policy when
   several clauses name one, each printed with OF */
static int locking_clause(dp *d, const ast_select *q, const dp_scope *s)
{
    if (!q->nlocking)
        return SS_OK;
    const dp_rel **rels = ss_arena_alloc(d->arena, sizeof *rels * (s->nrels ? s->nrels : 1));
    uint8_t *strength = ss_arena_alloc(d->arena, s->nrels ? s->nrels : 1);
    uint8_t *wait = ss_arena_alloc(d->arena, s->nrels ? s->nrels : 1);
    if (!rels || !strength || !wait)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    for (uint32_t l = 0; l < q->nlocking; l++) {
        const ast_locking *lk = &q->locking[l];
        for (uint32_t k = 0; k < (lk->nrels ? lk->nrels : s->nrels); k++) {
            const dp_rel *hit = NULL;
            for (uint32_t r = 0; r < s->nrels && !hit; r++) {
                const dp_rel *rel = s->rels[r];
                const char *qual = rel->qualifier ? rel->qualifier : rel->refname;
                if (lk->nrels ? strcmp(qual, lk->rels[k]) == 0 : r == k)
                    hit = rel;
            }
            if (!hit || !hit->is_table)
                return dp_unsupported(d, "FOR UPDATE or FOR SHARE of this relation");
            uint32_t at = 0;
            while (at < n && rels[at] != hit)
                at++;
            if (at == n) {
                rels[n] = hit;
                strength[n] = lk->strength;
                wait[n++] = lk->wait;
            } else {
                if (lk->strength > strength[at])
                    strength[at] = lk->strength;
                if (lk->wait > wait[at])
                    wait[at] = lk->wait;
            }
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        static const char *const names[] = {"", " FOR KEY SHARE", " FOR SHARE", " FOR NO KEY UPDATE", " FOR UPDATE"};
        if (strength[i] < 1 || strength[i] > 4)
            return dp_unsupported(d, "this locking clause");
        dp_keyword(d, names[strength[i]], -DP_INDENT_STD, DP_INDENT_STD, 0);
        ss_strbuf_puts(d->sb, " OF ");
        dp_put_ident(d->sb, rels[i]->refname);
        if (wait[i] == 1)
            ss_strbuf_puts(d->sb, " NOWAIT");
        else if (wait[i] == 2)
            ss_strbuf_puts(d->sb, " SKIP LOCKED");
    }
    return SS_OK;
}

/* VALUES (...), (...) as get_values_def prints it: each column's values of one type (the
   unknown literals labelled with it), commas without spaces inside a row */
static int values_query(dp *d, const ast_select *q, uint32_t ncols, const char *const *col_names, dp_rel *out)
{
    if (q->norder || q->limit || q->offset || q->nlocking)
        return dp_unsupported(d, "VALUES with ORDER BY, LIMIT or OFFSET");
    uint32_t nr = q->nvalues_rows, nc = q->nvalues_cols;
    uint32_t cells = nr * nc;
    dp_node **v = ss_arena_alloc(d->arena, sizeof *v * (cells ? cells : 1));
    dp_node **col = ss_arena_alloc(d->arena, sizeof *col * (nr ? nr : 1));
    ss_type *types = ss_arena_alloc(d->arena, sizeof *types * (nc ? nc : 1));
    const char **names = ss_arena_alloc(d->arena, sizeof *names * (nc ? nc : 1));
    if (!v || !col || !types || !names)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    d->in_agg_ok = false;
    const dp_scope *keep = d->scope;
    for (uint32_t r = 0; r < nr; r++)
        for (uint32_t c = 0; c < nc; c++)
            if (!(v[r * nc + c] = dp_resolve(d, q->values[r][c]))) {
                d->scope = keep;
                return SS_ERROR;
            }
    for (uint32_t c = 0; c < nc; c++) {
        for (uint32_t r = 0; r < nr; r++)
            col[r] = v[r * nc + c];
        ss_type t = col[0]->type;
        for (uint32_t r = 1; r < nr; r++)
            if (!dp_common_type(t, col[r]->type, &t))
                return dp_unsupported(d, "VALUES over these types");
        if (t.id == SS_TYPE_UNKNOWN)
            t = (ss_type){SS_TYPE_TEXT, -1};
        for (uint32_t r = 0; r < nr; r++) {
            dp_node *x = dp_coerce(d, col[r], t);
            if (!x)
                return SS_ERROR;
            v[r * nc + c] = x;
        }
        types[c] = t;
        char buf[32];
        snprintf(buf, sizeof buf, "column%u", c + 1);
        names[c] = col_names && c < ncols ? col_names[c] : ss_arena_strdup(d->arena, buf);
        if (!names[c])
            return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    d->indent += DP_INDENT_STD;
    ss_strbuf_puts(d->sb, " VALUES ");
    for (uint32_t r = 0; r < nr; r++) {
        ss_strbuf_puts(d->sb, r ? ", (" : "(");
        for (uint32_t c = 0; c < nc; c++) {
            if (c)
                ss_strbuf_putc(d->sb, ',');
            if (dp_print_expr(d, v[r * nc + c], false))
                return SS_ERROR;
        }
        ss_strbuf_putc(d->sb, ')');
    }
    if (out) {
        out->ncols = nc;
        out->cols = out->print_cols = names;
        out->types = types;
    }
    return SS_OK;
}

static int fill_out(dp *d, dp_rel *out, const dp_target *tl, uint32_t ntl, uint32_t ncols, const char *const *col_names)
{
    out->ncols = ntl;
    out->cols = ss_arena_alloc(d->arena, sizeof *out->cols * (ntl ? ntl : 1));
    out->types = ss_arena_alloc(d->arena, sizeof *out->types * (ntl ? ntl : 1));
    if (!out->cols || !out->types)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < ntl; i++) {
        out->cols[i] = col_names && i < ncols ? col_names[i] : tl[i].name;
        out->types[i] = tl[i].expr->type;
    }
    out->print_cols = out->cols;
    return SS_OK;
}

static int select_tail(dp *d, const ast_select *q, const dp_scope *s, const dp_target *tl, uint32_t ntl);

static int basic_select(dp *d, const ast_select *q, dp_scope *s, uint32_t ncols, const char *const *col_names,
                        bool visible, dp_rel *out)
{
    if (q->values)
        return values_query(d, q, ncols, col_names, out);
    d->indent += DP_INDENT_STD;
    ss_strbuf_puts(d->sb, " SELECT");
    const ast_select *win_query = d->win_query;
    d->win_query = q;
    /* FROM first (into a separate buffer): the select list resolves in its scope */
    ss_strbuf from, *keep = d->sb;
    ss_strbuf_init(&from);
    d->sb = &from;
    int indent = d->indent;
    bool first = true;
    d->scope = s;
    int rc = q->from ? from_list(d, s, q->from, &first) : SS_OK;
    d->sb = keep;
    d->indent = indent;
    dp_target *tl = NULL;
    uint32_t ntl = 0;
    d->in_agg_ok = true;
    if (rc == SS_OK)
        rc = targets(d, q, s, &tl, &ntl);
    if (rc == SS_OK && q->distinct)
        ss_strbuf_puts(d->sb, " DISTINCT");
    if (rc == SS_OK && q->ndistinct_on) {
        /* the DISTINCT ON items in the ORDER BY's order, as transformDistinctOnClause
           takes them when the ORDER BY starts with them (PostgreSQL requires it) */
        ss_strbuf_puts(d->sb, " DISTINCT ON (");
        bool by_order = q->norder >= q->ndistinct_on;
        for (uint32_t i = 0; rc == SS_OK && i < q->ndistinct_on; i++) {
            if (i)
                ss_strbuf_puts(d->sb, ", ");
            rc = sort_group_item(d, by_order ? q->order_by[i].expr : q->distinct_on[i], q, tl, ntl);
        }
        ss_strbuf_putc(d->sb, ')');
    }
    for (uint32_t i = 0; rc == SS_OK && i < ntl; i++) {
        ss_strbuf_puts(d->sb, i ? ", " : " ");
        if (i)
            dp_keyword(d, "", -DP_INDENT_STD, DP_INDENT_STD, DP_INDENT_VAR);
        rc = dp_print_expr(d, tl[i].expr, true);
        const char *name = col_names && i < ncols ? col_names[i] : tl[i].name;
        bool same = tl[i].expr->kind == DN_VAR && strcmp(tl[i].expr->colname, name) == 0;
        if (!same && (visible || col_names || strcmp(name, "?column?") != 0)) {
            ss_strbuf_puts(d->sb, " AS ");
            dp_put_ident(d->sb, name);
        }
    }
    if (rc == SS_OK && from.data)
        ss_strbuf_puts(d->sb, from.data);
    ss_strbuf_free(&from);
    if (rc || (out && fill_out(d, out, tl, ntl, ncols, col_names))) {
        d->win_query = win_query;
        return SS_ERROR;
    }
    rc = select_tail(d, q, s, tl, ntl);
    d->win_query = win_query;
    return rc;
}

/* WHERE, GROUP BY, HAVING, WINDOW, ORDER BY, OFFSET / LIMIT, FOR UPDATE */
static int select_tail(dp *d, const ast_select *q, const dp_scope *s, const dp_target *tl, uint32_t ntl)
{
    d->in_agg_ok = false;
    if (q->where) {
        dp_node *w = dp_resolve(d, q->where);
        if (!w || !(w = dp_coerce(d, w, (ss_type){SS_TYPE_BOOL, -1})))
            return SS_ERROR;
        dp_keyword(d, " WHERE ", -DP_INDENT_STD, DP_INDENT_STD, 1);
        if (dp_print_expr(d, w, false))
            return SS_ERROR;
    }
    if (q->ngroup && group_by(d, q, tl, ntl))
        return SS_ERROR;
    if (q->having) {
        d->in_agg_ok = true;
        dp_node *h = dp_resolve(d, q->having);
        if (!h || !(h = dp_coerce(d, h, (ss_type){SS_TYPE_BOOL, -1})))
            return SS_ERROR;
        dp_keyword(d, " HAVING ", -DP_INDENT_STD, DP_INDENT_STD, 0);
        if (dp_print_expr(d, h, false))
            return SS_ERROR;
    }
    if (window_clause(d, q))
        return SS_ERROR;
    if (q->norder) {
        d->in_agg_ok = true;
        dp_keyword(d, " ORDER BY ", -DP_INDENT_STD, DP_INDENT_STD, 1);
        for (uint32_t i = 0; i < q->norder; i++) {
            if (i)
                ss_strbuf_puts(d->sb, ", ");
            if (sort_group_item(d, q->order_by[i].expr, q, tl, ntl))
                return SS_ERROR;
            dp_print_direction(d, &q->order_by[i]);
        }
    }
    return limit_clause(d, q) || locking_clause(d, q, s);
}

static bool is_leaf(const ast_select *q)
{
    return q->setop == AST_SETOP_NONE || q->nctes || q->norder || q->limit || q->offset;
}

/* get_setop_query: a leaf in parentheses when it has WITH, ORDER BY or LIMIT; a nested set
 * operation in parentheses unless it is the left input and of the same kind */
static int setop_query(dp *d, const ast_select *q, bool top, uint32_t ncols, const char *const *col_names,
                       bool visible, dp_rel *out)
{
    if (!top && is_leaf(q)) {
        bool paren = q->nctes || q->norder || q->limit || q->offset;
        if (paren)
            ss_strbuf_putc(d->sb, '(');
        if (dp_query(d, q, d->scope, ncols, col_names, visible, out))
            return SS_ERROR;
        if (paren)
            ss_strbuf_putc(d->sb, ')');
        return SS_OK;
    }
    const ast_select *l = q->larg, *r = q->rarg;
    bool paren = !is_leaf(l) && !(l->setop == q->setop && l->setop_all == q->setop_all);
    int sub = paren ? DP_INDENT_STD : 0;
    if (paren) {
        ss_strbuf_putc(d->sb, '(');
        dp_keyword(d, "", sub, 0, 0);
    }
    dp_rel lo = {0}, ro = {0};
    if (setop_query(d, l, false, ncols, col_names, visible, &lo))
        return SS_ERROR;
    dp_keyword(d, paren ? ") " : "", -sub, 0, 0);
    ss_strbuf_puts(d->sb, q->setop == AST_SETOP_UNION ? "UNION " : q->setop == AST_SETOP_INTERSECT ? "INTERSECT " : "EXCEPT ");
    if (q->setop_all)
        ss_strbuf_puts(d->sb, "ALL ");
    paren = !is_leaf(r);
    sub = paren ? DP_INDENT_STD : 0;
    if (paren)
        ss_strbuf_putc(d->sb, '(');
    dp_keyword(d, "", sub, 0, 0);
    if (setop_query(d, r, false, ncols, col_names, false, &ro))
        return SS_ERROR;
    d->indent -= sub;
    if (paren)
        dp_keyword(d, ")", 0, 0, 0);
    if (lo.ncols != ro.ncols)
        return dp_unsupported(d, "this set operation");
    *out = lo;
    out->types = ss_arena_alloc(d->arena, sizeof *out->types * (lo.ncols ? lo.ncols : 1));
    if (!out->types)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < lo.ncols; i++) {
        ss_type t;
        if (!dp_common_type(lo.types[i], ro.types[i], &t))
            return dp_unsupported(d, "a set operation over these types");
        if (lo.types[i].id == ro.types[i].id && lo.types[i].typmod == ro.types[i].typmod)
            t = lo.types[i];
        out->types[i] = t;
    }
    return SS_OK;
}

/* ORDER BY of a set operation: output column numbers */
static int setop_order(dp *d, const ast_select *q, const dp_rel *cols)
{
    if (!q->norder)
        return SS_OK;
    dp_keyword(d, " ORDER BY ", -DP_INDENT_STD, DP_INDENT_STD, 1);
    for (uint32_t i = 0; i < q->norder; i++) {
        const ast_expr *e = q->order_by[i].expr;
        int64_t colno = 0;
        if (e->kind == AE_INT && e->ival >= 1 && (uint64_t)e->ival <= cols->ncols)
            colno = e->ival;
        for (uint32_t c = 0; !colno && e->kind == AE_COLUMN && e->nnames == 1 && c < cols->ncols; c++)
            if (strcmp(cols->cols[c], e->names[0]) == 0)
                colno = c + 1;
        if (!colno)
            return dp_unsupported(d, "this ORDER BY of a set operation");
        ss_strbuf_printf(d->sb, "%s%lld", i ? ", " : "", (long long)colno);
        dp_print_direction(d, &q->order_by[i]);
    }
    return SS_OK;
}

/* get_with_clause; the WITH queries become visible to the rest of the query */
static int with_clause(dp *d, const ast_select *q, const dp_scope *outer)
{
    d->indent += DP_INDENT_STD;
    ss_strbuf_putc(d->sb, ' ');
    for (uint32_t i = 0; i < q->nctes; i++) {
        const ast_cte *c = &q->ctes[i];
        if (c->nsearch_cols || c->ncycle_cols)
            return dp_unsupported(d, "SEARCH or CYCLE");
        ss_strbuf_puts(d->sb, i ? ", " : q->recursive ? "WITH RECURSIVE " : "WITH ");
        dp_put_ident(d->sb, c->name);
        if (c->ncolnames) {
            ss_strbuf_putc(d->sb, '(');
            for (uint32_t k = 0; k < c->ncolnames; k++) {
                if (k)
                    ss_strbuf_puts(d->sb, ", ");
                dp_put_ident(d->sb, c->colnames[k]);
            }
            ss_strbuf_putc(d->sb, ')');
        }
        ss_strbuf_puts(d->sb, c->materialize == AST_CTE_MATERIALIZED       ? " AS MATERIALIZED ("
                              : c->materialize == AST_CTE_NOT_MATERIALIZED ? " AS NOT MATERIALIZED ("
                                                                           : " AS (");
        dp_keyword(d, "", 0, 0, 0);
        dp_cte *cte = ss_arena_alloc(d->arena, sizeof *cte);
        if (!cte)
            return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(cte, 0, sizeof *cte);
        if (q->recursive && c->query->setop == AST_SETOP_UNION && !c->query->nctes) {
            /* WITH RECURSIVE: the query reads its own columns, the non-recursive term's
               (printed once aside to learn them), under its column list's names */
            ss_strbuf scratch, *keep = d->sb;
            ss_strbuf_init(&scratch);
            d->sb = &scratch;
            int indent = d->indent;
            int rc = dp_query(d, c->query->larg, outer, 0, NULL, true, &cte->rel);
            d->indent = indent;
            d->sb = keep;
            ss_strbuf_free(&scratch);
            if (rc)
                return SS_ERROR;
            if (c->ncolnames > cte->rel.ncols)
                return dp_unsupported(d, "this WITH query");
            const char **names = ss_arena_alloc(d->arena, sizeof *names * (cte->rel.ncols ? cte->rel.ncols : 1));
            if (!names)
                return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            for (uint32_t k = 0; k < cte->rel.ncols; k++)
                names[k] = k < c->ncolnames ? c->colnames[k] : cte->rel.cols[k];
            cte->rel.cols = cte->rel.print_cols = names;
            cte->name = c->name;
            cte->outer = d->ctes;
            d->ctes = cte;
            dp_rel whole = {0};
            if (dp_query(d, c->query, outer, 0, NULL, true, &whole))
                return SS_ERROR;
            dp_keyword(d, "", 0, 0, 0);
            ss_strbuf_putc(d->sb, ')');
            continue;
        } else if (q->recursive) {
            /* a WITH RECURSIVE query that does not read itself */
            for (const ast_from_item *f = c->query->from; f; f = f->is_join ? f->left : NULL)
                if (!f->is_join && f->table && strcmp(f->table, c->name) == 0)
                    return dp_unsupported(d, "this WITH RECURSIVE query");
        }
        if (dp_query(d, c->query, outer, 0, NULL, true, &cte->rel))
            return SS_ERROR;
        if (c->ncolnames > cte->rel.ncols)
            return dp_unsupported(d, "this WITH query");
        for (uint32_t k = 0; k < c->ncolnames; k++)
            cte->rel.cols[k] = c->colnames[k];
        dp_keyword(d, "", 0, 0, 0);
        ss_strbuf_putc(d->sb, ')');
        cte->name = c->name;
        cte->outer = d->ctes;
        d->ctes = cte;
    }
    d->indent -= DP_INDENT_STD;
    dp_keyword(d, "", 0, 0, 0);
    return SS_OK;
}

int dp_query(dp *d, const ast_select *q, const dp_scope *outer, uint32_t ncols, const char *const *col_names,
             bool visible, dp_rel *out)
{
    int indent = d->indent;
    const dp_scope *keep = d->scope;
    const dp_cte *ctes = d->ctes;
    bool agg = d->in_agg_ok;
    dp_scope *s = ss_arena_alloc(d->arena, sizeof *s);
    if (!s)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(s, 0, sizeof *s);
    s->outer = outer;
    /* this level's names, unique against the levels around, before anything is printed */
    const dp_names *names = d->names;
    dp_names *level = ss_arena_alloc(d->arena, sizeof *level);
    uint32_t cap = q->setop == AST_SETOP_NONE ? count_items(q->from) : 0;
    s->unique = ss_arena_alloc(d->arena, sizeof *s->unique * (cap ? cap : 1));
    if (!level || !s->unique)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    collect_refnames(d, q, q->setop == AST_SETOP_NONE ? q->from : NULL, s->unique, &s->nunique, cap);
    if (s->nunique != cap)
        return ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    level->names = s->unique;
    level->n = s->nunique;
    level->outer = names;
    d->names = level;
    dp_rel cols = {0};
    int rc = q->nctes ? with_clause(d, q, outer) : SS_OK;
    if (rc == SS_OK && q->setop != AST_SETOP_NONE) {
        d->scope = outer;
        rc = setop_query(d, q, true, ncols, col_names, visible, &cols);
        if (rc == SS_OK)
            rc = setop_order(d, q, &cols);
        if (rc == SS_OK)
            rc = limit_clause(d, q);
    } else if (rc == SS_OK)
        rc = basic_select(d, q, s, ncols, col_names, visible, &cols);
    if (rc == SS_OK && out)
        *out = cols;
    d->indent = indent;
    d->scope = keep;
    d->ctes = ctes;
    d->in_agg_ok = agg;
    d->names = names;
    return rc;
}

/* A view's options printed instead of its text's (ALTER VIEW ... SET / RESET). */
typedef struct view_opts {
    const char *const *names, *const *values;
    uint32_t n;
} view_opts;

static void put_options(ss_strbuf *with, const char *const *names, const char *const *values, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        ss_strbuf_puts(with, i ? ", " : " WITH (");
        dp_put_ident(with, names[i]);
        ss_strbuf_puts(with, " = '");
        for (const char *p = values[i]; *p; p++)
            ss_strbuf_puts(with, *p == '\'' ? "''" : (char[2]){*p, 0});
        ss_strbuf_puts(with, i + 1 == n ? "')" : "'");
    }
}

static int deparse(ss_ctx *ctx, ss_catalog *c, const char *sql, const char *search_path, uint32_t ncols,
                   const char *const *col_names, bool pretty, const ss_deparse_rename *rename, bool qualify_all,
                   char **out, ss_strbuf *with, const view_opts *opts)
{
    *out = NULL;
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    int rc = SS_OK;
    if (ss_parse(arena, sql, &stmts, &n, &perr) || n != 1 ||
        (stmts[0]->kind != AST_CREATE_VIEW && !(stmts[0]->kind == AST_CREATE_TABLE_AS && stmts[0]->is_matview)) ||
        !stmts[0]->select)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "the query of a view cannot be read back");
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    dp d = {ctx, c, arena, pretty, 0, &sb, rename, NULL, false, NULL, qualify_all, NULL, NULL};
    /* the view's options (WITH CHECK OPTION among them) as WITH (name = 'value', ...) */
    if (rc == SS_OK && with && opts)
        put_options(with, opts->names, opts->values, opts->n);
    else if (rc == SS_OK && with)
        put_options(with, stmts[0]->view_opt_names, stmts[0]->view_opt_values, stmts[0]->nview_opts);
    const char *path = search_path ? ss_ns_path_override(search_path) : NULL;
    if (rc == SS_OK)
        rc = dp_query(&d, stmts[0]->select, NULL, ncols, col_names, true, NULL);
    if (search_path)
        ss_ns_path_override(path);
    if (rc == SS_OK) {
        ss_strbuf_putc(&sb, ';');
        if (sb.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (rc == SS_OK)
        *out = ss_strbuf_steal(&sb);
    ss_strbuf_free(&sb);
    ss_arena_destroy(arena);
    return rc;
}

int ss_deparse_view(ss_ctx *ctx, ss_catalog *c, const char *sql, const char *search_path, uint32_t ncols,
                    const char *const *col_names, bool pretty, const ss_deparse_rename *rename, char **out)
{
    return deparse(ctx, c, sql, search_path, ncols, col_names, pretty, rename, false, out, NULL, NULL);
}

/* "CREATE [MATERIALIZED] VIEW s.name AS <query>" for a rename's rewrite */
static int rewrite(ss_ctx *ctx, ss_catalog *c, const char *sql, const char *search_path, uint32_t ncols,
                   const char *const *col_names, const char *schema, const char *name, bool matview,
                   const ss_deparse_rename *rename, const view_opts *opts, char **out)
{
    char *query;
    *out = NULL;
    ss_strbuf with;
    ss_strbuf_init(&with);
    if (deparse(ctx, c, sql, search_path, ncols, col_names, false, rename, true, &query, &with, opts)) {
        ss_strbuf_free(&with);
        return SS_ERROR;
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_strbuf_puts(&sb, matview ? "CREATE MATERIALIZED VIEW " : "CREATE VIEW ");
    /* its schema's current name: the name is read only to find the view it replaces */
    dp_put_ident(&sb, schema);
    ss_strbuf_putc(&sb, '.');
    dp_put_ident(&sb, name);
    if (with.len)
        ss_strbuf_append(&sb, with.data, with.len);
    ss_strbuf_puts(&sb, " AS");
    ss_strbuf_append(&sb, query, strlen(query) - 1); /* without its ';' */
    free(query);
    if (with.oom)
        sb.oom = true;
    ss_strbuf_free(&with);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    *out = ss_strbuf_steal(&sb);
    ss_strbuf_free(&sb);
    return SS_OK;
}

int ss_deparse_view_for_rename(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const ss_deparse_rename *rename,
                               char **out)
{
    return rewrite(ctx, c, v->sql, v->search_path, v->ncols, (const char *const *)v->col_names,
                   v->ns ? v->ns->name : "public", v->name, false, rename, NULL, out);
}

int ss_deparse_view_with_options(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const char *const *names,
                                 const char *const *values, uint32_t n, char **out)
{
    view_opts opts = {names, values, n};
    return rewrite(ctx, c, v->sql, v->search_path, v->ncols, (const char *const *)v->col_names,
                   v->ns ? v->ns->name : "public", v->name, false, NULL, &opts, out);
}

/* A materialized view's column names (at most 256), the names its query is printed with. */
static int matview_names(ss_ctx *ctx, const ss_table *t, const char **names)
{
    if (t->ncols > 256)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "pg_get_viewdef of a materialized view of more than 256 columns is not supported");
    for (uint32_t i = 0; i < t->ncols; i++)
        names[i] = t->cols[i].name;
    return SS_OK;
}

int ss_deparse_matview(ss_ctx *ctx, ss_catalog *c, const ss_table *t, bool pretty, char **out)
{
    const char *names[256];
    *out = NULL;
    if (matview_names(ctx, t, names))
        return SS_ERROR;
    return deparse(ctx, c, t->matview->sql, NULL, t->ncols, names, pretty, NULL, false, out, NULL, NULL);
}

int ss_deparse_matview_for_rename(ss_ctx *ctx, ss_catalog *c, const ss_table *t, const char *sql,
                                  const ss_deparse_rename *rename, char **out)
{
    const char *names[256];
    *out = NULL;
    if (matview_names(ctx, t, names))
        return SS_ERROR;
    return rewrite(ctx, c, sql, NULL, t->ncols, names, t->ns ? t->ns->name : "public", t->name, true, rename, NULL,
                   out);
}
