/* bind_sequence.c — sequence options resolved as PostgreSQL's init_params (AS type, bounds
 * by the increment's sign, START within them, CACHE; its 22023 errors), CREATE SEQUENCE's
 * OWNED BY checked, and the unused name PostgreSQL's ChooseRelationName picks. */
#include <stdio.h>

#include "bind/bind_alter.h"
#include "bind/bind_constraints.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "types/func_impl.h"
#include "types/functions.h"
#include "types/typeio.h"

static int type_bounds(int32_t type, int64_t *lo, int64_t *hi)
{
    switch (type) {
    case SS_TYPE_INT2: *lo = INT16_MIN; *hi = INT16_MAX; return SS_OK;
    case SS_TYPE_INT4: *lo = INT32_MIN; *hi = INT32_MAX; return SS_OK;
    case SS_TYPE_INT8: *lo = INT64_MIN; *hi = INT64_MAX; return SS_OK;
    default: return SS_ERROR;
    }
}

static const char *type_sql(int32_t type)
{
    return type == SS_TYPE_INT2 ? "smallint" : type == SS_TYPE_INT4 ? "integer" : "bigint";
}

int bind_seq_params(binder *b, const ast_seq_options *o, int32_t type, struct ss_seq_params *p)
{
    if (o->as_type) {
        ast_type_name tn = {0};
        tn.name = o->as_type;
        tn.typmod = -1;
        tn.typmod2 = INT32_MIN;
        tn.location = o->as_location;
        ss_type t;
        if (bind_type_name(b, &tn, &t))
            return SS_ERROR;
        if (t.id != SS_TYPE_INT2 && t.id != SS_TYPE_INT4 && t.id != SS_TYPE_INT8)
            return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                              "sequence type must be smallint, integer, or bigint");
        type = t.id;
    }
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    type_bounds(type, &lo, &hi);
    p->type = type;
    p->increment = o->has_increment ? o->increment : 1;
    if (p->increment == 0)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "INCREMENT must not be zero");
    p->cycle = o->has_cycle && o->cycle;
    p->max = o->has_max && !o->no_max ? o->max : p->increment > 0 ? hi : -1;
    if (p->max < lo || p->max > hi)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "MAXVALUE (%lld) is out of range for sequence data type %s", (long long)p->max,
                          type_sql(type));
    p->min = o->has_min && !o->no_min ? o->min : p->increment > 0 ? 1 : lo;
    if (p->min < lo || p->min > hi)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "MINVALUE (%lld) is out of range for sequence data type %s", (long long)p->min,
                          type_sql(type));
    if (p->min >= p->max)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "MINVALUE (%lld) must be less than MAXVALUE (%lld)",
                          (long long)p->min, (long long)p->max);
    p->start = o->has_start ? o->start : p->increment > 0 ? p->min : p->max;
    if (p->start < p->min)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "START value (%lld) cannot be less than MINVALUE (%lld)", (long long)p->start,
                          (long long)p->min);
    if (p->start > p->max)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "START value (%lld) cannot be greater than MAXVALUE (%lld)", (long long)p->start,
                          (long long)p->max);
    p->cache = o->has_cache ? o->cache : 1;
    if (p->cache <= 0)
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "CACHE (%lld) must be greater than zero",
                          (long long)p->cache);
    return SS_OK;
}

bool bind_relation_name_taken(binder *b, const char *name)
{
    return ss_catalog_find(b->catalog, name) || ss_catalog_find_view(b->catalog, name) ||
           ss_seq_exists(b->catalog->sequences, name);
}

const char *bind_choose_name(binder *b, const char *a, const char *c, const char *label,
                             const char *const *taken, uint32_t ntaken, bool relation)
{
    for (int pass = 0;; pass++) {
        char buf[256];
        char suffix[16] = "";
        if (pass)
            snprintf(suffix, sizeof suffix, "%d", pass);
        snprintf(buf, sizeof buf, c ? "%s_%s_%s%s" : "%s_%s%s%s", a, c ? c : label, c ? label : suffix,
                 c ? suffix : "");
        bool used = relation && bind_relation_name_taken(b, buf);
        for (uint32_t i = 0; !used && i < ntaken; i++)
            used = taken[i] && strcmp(taken[i], buf) == 0;
        if (!used) {
            char *s = bind_alloc(b, strlen(buf) + 1);
            if (s)
                memcpy(s, buf, strlen(buf) + 1);
            return s;
        }
    }
}

int bind_create_sequence(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_seq_new_def *sc = bind_alloc(b, sizeof *sc);
    if (!sc)
        return SS_ERROR;
    memset(sc, 0, sizeof *sc);
    sc->name = st->table;
    if (bind_seq_params(b, &st->seq_opts, SS_TYPE_INT8, &sc->p))
        return SS_ERROR;
    const ast_seq_options *o = &st->seq_opts;
    if (o->nowned_by == 2) {
        ss_table *t = ss_catalog_find(b->catalog, o->owned_by[0]);
        if (!t) {
            if (ss_catalog_find_view(b->catalog, o->owned_by[0]))
                return bind_error(b, -1, "42809", "sequence cannot be owned by relation \"%s\"", o->owned_by[0]);
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", o->owned_by[0]);
        }
        uint32_t c = 0;
        while (c < t->ncols && strcmp(t->cols[c].name, o->owned_by[1]) != 0)
            c++;
        if (c == t->ncols)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                              o->owned_by[1], o->owned_by[0]);
        char *owner = bind_alloc(b, SS_NS_REF_MAX);
        if (!owner)
            return SS_ERROR;
        sc->owner_table = ss_ns_qualify(t->ns, t->name, owner, SS_NS_REF_MAX);
        sc->owner_column = t->cols[c].name;
        sc->owner_kind = 'o';
    }
    out->seqs = sc;
    out->nseqs = 1;
    out->if_not_exists = st->if_not_exists;
    out->create_def.name = st->table;
    return SS_OK;
}

int bind_from_sequence(binder *b, const ast_from_item *f, ss_lop **out)
{
    static const char *const names[3] = {"last_value", "log_cnt", "is_called"};
    ss_type *types = bind_alloc(b, sizeof(ss_type) * 3);
    ss_expr **row = bind_alloc(b, sizeof(ss_expr *) * 3);
    if (!types || !row)
        return SS_ERROR;
    ast_expr lit;
    memset(&lit, 0, sizeof lit);
    lit.kind = AE_STRING;
    lit.location = -1;
    lit.str = f->table;
    for (int k = 0; k < 3; k++) {
        const struct ss_func_def *def = ss_func_sequence_column(k);
        types[k] = type_of(def->result);
        /* the name quoted: it is the catalog's already */
        size_t n = strlen(f->table);
        char *q = bind_alloc(b, n + 3);
        if (!q)
            return SS_ERROR;
        q[0] = '"';
        memcpy(q + 1, f->table, n);
        q[n + 1] = '"';
        q[n + 2] = 0;
        lit.str = q;
        ss_expr **args = bind_alloc(b, sizeof *args);
        if (!args || !(args[0] = bind_const(b, &lit)) ||
            !(args[0] = coerce_expr(b, args[0], type_of(SS_TYPE_TEXT), CAST_IMPLICIT, -1)) ||
            !(row[k] = make_func(b, def, types[k], args, 1)))
            return SS_ERROR;
    }
    uint32_t rel = new_rel(b);
    if (add_scope_entry(b, f, f->alias ? f->alias : f->table, f->table, rel, 3, names, types))
        return SS_ERROR;
    return (*out = lop_values(b->ctx, b->arena, rel, 3, types, names, 1, row)) ? SS_OK : SS_ERROR;
}

int bind_sequence_arg(binder *b, const struct ss_func_def *def, ss_expr *const *args, uint32_t n, int location)
{
    if (n == 0 || (def->eval != ss_fn_nextval && def->eval != ss_fn_currval && def->eval != ss_fn_setval))
        return SS_OK;
    const ss_expr *a = args[0];
    while (a->kind == EXPR_CAST)
        a = a->u.cast.arg;
    if (a->kind != EXPR_CONST || a->u.cnst.is_null || a->type.id != SS_TYPE_TEXT)
        return SS_OK;
    char name[256];
    ss_seq_name_from_text(a->u.cnst.v.s.ptr, a->u.cnst.v.s.len, name, sizeof name);
    /* PostgreSQL reads the regclass constant while parsing: a missing relation is reported
       there, at the literal */
    if (bind_relation_name_taken(b, name))
        return SS_OK;
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(name, schema, sizeof schema) && !ss_ns_find(b->catalog, schema))
        return bind_error(b, location, "3F000", "schema \"%s\" does not exist", schema);
    return bind_error(b, location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
}

int ss_bind_seq_alter(ss_ctx *ctx, const ss_sequence *cur, const ast_seq_options *o, ss_seq_change *out)
{
    const char *bad = SS_SQLSTATE_INVALID_PARAMETER_VALUE;
    ss_seq_params *p = &out->p;
    *p = cur->p;
    out->restart = false;
    out->reset_log = false;
    out->last_value = cur->last_value;
    bool reset_max = false, reset_min = false;
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    if (o->as_type) {
        int32_t id;
        if (!ss_type_lookup_name(o->as_type, &id))
            return ss_ctx_error(ctx, "42704", "type \"%s\" does not exist", o->as_type);
        if (id != SS_TYPE_INT2 && id != SS_TYPE_INT4 && id != SS_TYPE_INT8)
            return ss_ctx_error(ctx, bad, "sequence type must be smallint, integer, or bigint");
        type_bounds(p->type, &lo, &hi);
        reset_max = p->max == hi;
        reset_min = p->min == lo;
        p->type = id;
    }
    type_bounds(p->type, &lo, &hi);
    if (o->has_increment) {
        p->increment = o->increment;
        if (p->increment == 0)
            return ss_ctx_error(ctx, bad, "INCREMENT must not be zero");
        out->reset_log = true;
    }
    if (o->has_cycle) {
        p->cycle = o->cycle;
        out->reset_log = true;
    }
    if (o->has_max && !o->no_max) {
        p->max = o->max;
        out->reset_log = true;
    } else if (o->has_max || reset_max) {
        p->max = p->increment > 0 || reset_max ? hi : -1;
        out->reset_log = true;
    }
    if (p->max < lo || p->max > hi)
        return ss_ctx_error(ctx, bad, "MAXVALUE (%lld) is out of range for sequence data type %s", (long long)p->max,
                            type_sql(p->type));
    if (o->has_min && !o->no_min) {
        p->min = o->min;
        out->reset_log = true;
    } else if (o->has_min || reset_min) {
        p->min = p->increment < 0 || reset_min ? lo : 1;
        out->reset_log = true;
    }
    if (p->min < lo || p->min > hi)
        return ss_ctx_error(ctx, bad, "MINVALUE (%lld) is out of range for sequence data type %s", (long long)p->min,
                            type_sql(p->type));
    if (p->min >= p->max)
        return ss_ctx_error(ctx, bad, "MINVALUE (%lld) must be less than MAXVALUE (%lld)", (long long)p->min,
                            (long long)p->max);
    if (o->has_start)
        p->start = o->start;
    if (p->start < p->min)
        return ss_ctx_error(ctx, bad, "START value (%lld) cannot be less than MINVALUE (%lld)", (long long)p->start,
                            (long long)p->min);
    if (p->start > p->max)
        return ss_ctx_error(ctx, bad, "START value (%lld) cannot be greater than MAXVALUE (%lld)",
                            (long long)p->start, (long long)p->max);
    if (o->has_restart) {
        out->restart = true;
        out->last_value = o->restart_default ? p->start : o->restart;
    }
    if (out->last_value < p->min)
        return ss_ctx_error(ctx, bad, "RESTART value (%lld) cannot be less than MINVALUE (%lld)",
                            (long long)out->last_value, (long long)p->min);
    if (out->last_value > p->max)
        return ss_ctx_error(ctx, bad, "RESTART value (%lld) cannot be greater than MAXVALUE (%lld)",
                            (long long)out->last_value, (long long)p->max);
    if (o->has_cache) {
        p->cache = o->cache;
        if (p->cache <= 0)
            return ss_ctx_error(ctx, bad, "CACHE (%lld) must be greater than zero", (long long)p->cache);
        out->reset_log = true; /* as init_params */
    }
    return SS_OK;
}
