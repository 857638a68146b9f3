/* bind_coerce.c — coercion of bound expressions (PostgreSQL's parse_coerce): implicit,
 * assignment and explicit conversions of constants, parameters and expressions, the common
 * type of two operands or of a list (UNION-style resolution for CASE, COALESCE, IN), type
 * names and CAST. */
#include <math.h>
#include <string.h>

#include "catalog/type_ddl.h"
#include "types/enum/enum.h"
#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/func_volatility.h"
#include "types/pg_builtins.h"
#include "types/record/record.h"
#include "types/type_def.h"
#include "types/typeio.h"

static void set_param_type(binder *b, uint32_t index, ss_type t)
{
    b->param_types[index] = t;
    for (uint32_t k = index < b->cap_param_last ? b->param_last[index] : 0; k; k = b->param_prev[k - 1])
        b->param_nodes[k - 1]->type = t;
}

ss_expr *coerce_expr(binder *b, ss_expr *e, ss_type target, ss_cast_mode mode, int location)
{
    if (!e)
        return NULL;
    if (e->type.id == target.id && (e->type.typmod == target.typmod || target.typmod < 0))
        return e;
    if (is_unknown_param(b, e)) {
        set_param_type(b, e->u.param.index, target);
        return e;
    }
    if (is_unknown_const(e)) {
        /* untyped literal (or untyped NULL): run the input function now, as PostgreSQL does */
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (!c)
            return NULL;
        if (e->u.cnst.is_null) {
            c->u.cnst.is_null = true;
            return c;
        }
        if (target.id == SS_TYPE_RECORD && !rec_desc_get(target.typmod)) {
            bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "input of anonymous composite types is not implemented");
            return NULL;
        }
        const ss_type_def *d = ss_type_def_get(target.id);
        /* a catalog type's input function keeps variable-length bytes with the statement */
        if (d && d->input ? d->input(b->ctx, target, e->u.cnst.v.s.ptr, e->u.cnst.v.s.len, &c->u.cnst, b->arena)
                          : ss_value_parse(b->ctx, target, e->u.cnst.v.s.ptr, e->u.cnst.v.s.len, &c->u.cnst)) {
            ss_ctx_error_position(b->ctx, location + 1);
            return NULL;
        }
        if (ss_type_is_array(target.id) && target.typmod >= 0) {
            /* the element typmod (varchar(2)[]) as the element cast applies it */
            ss_value in = c->u.cnst;
            if (ss_cast_value(b->ctx, &in, type_of(target.id), target, mode, &c->u.cnst, b->arena))
                return NULL;
        }
        if (d && target.typmod >= 0 && d->coerce_typmod) {
            /* the length / precision coercion after the input function, without a position */
            ss_value in = c->u.cnst;
            if (d->coerce_typmod(b->ctx, &in, target, target, mode, &c->u.cnst, b->arena))
                return NULL;
        }
        if (target.id == SS_TYPE_NUMERIC) {
            /* the typmod's rounding and overflow check come after the input function, and
               PostgreSQL reports them without a position */
            ss_value in = c->u.cnst;
            if (ss_cast_value(b->ctx, &in, type_of(SS_TYPE_NUMERIC), target, mode, &c->u.cnst, b->arena))
                return NULL;
        }
        if (ss_type_is_text(target.id)) {
            /* varchar(n) limits still apply to literals */
            ss_value out;
            /* like PostgreSQL, a length violation is reported without a position */
            if (ss_cast_value(b->ctx, &c->u.cnst, type_of(SS_TYPE_TEXT), target, mode, &out, b->arena))
                return NULL;
            c->u.cnst = out;
            c->u.cnst.v.s.ptr = ss_arena_strndup(b->arena, out.v.s.ptr, out.v.s.len);
            if (!c->u.cnst.v.s.ptr) {
                ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                return NULL;
            }
        }
        return c;
    }
    if (is_unknown_value(e)) {
        /* an unknown value that is no literal (a ROW field's, (row(1,'a')).f2): PostgreSQL's
           coerce_type has no pathway from it */
        char b1[96];
        ss_ctx_error(b->ctx, SS_SQLSTATE_INTERNAL_ERROR, "failed to find conversion function from unknown to %s",
                     tname((ss_type){target.id, -1}, b1, sizeof b1));
        return NULL;
    }
    if (target.id == SS_TYPE_RECORD && target.typmod >= 0)
        return bind_coerce_to_row_type(b, e, target, mode, location);
    if (!ss_cast_exists(e->type, target, mode)) {
        char b1[96], b2[96];
        if (mode == CAST_EXPLICIT)
            bind_error(b, location, "42846", "cannot cast type %s to %s", tname(e->type, b1, sizeof b1),
                       tname((ss_type){target.id, -1}, b2, sizeof b2)); /* format_type_be: no modifier */
        else
            bind_error(b, location, SS_SQLSTATE_DATATYPE_MISMATCH,
                       "expression is of type %s, expected %s", tname(e->type, b1, sizeof b1),
                       tname(target, b2, sizeof b2));
        return NULL;
    }
    if (e->kind == EXPR_CONST && ss_cast_volatility(e->type.id, target.id) == SS_IMMUTABLE) {
        /* fold immutable casts of constants (PostgreSQL does this while planning: errors
           carry no position); a stable one (timestamptz to text, text to date: TimeZone,
           DateStyle) is computed when the statement runs */
        ss_expr *c = new_expr(b, EXPR_CONST, target);
        if (!c)
            return NULL;
        int rc;
        FOLD_GUARDED(b, rc, ss_cast_value(b->ctx, &e->u.cnst, e->type, target, mode, &c->u.cnst, b->arena));
        if (rc == SS_OK)
            return c;
        c->kind = EXPR_CAST; /* unfolded; its error is raised after binding, if still used */
        c->u.cast.arg = e;
        c->u.cast.mode = mode;
        return b->dead_code || defer_fold(b, c) == SS_OK ? c : NULL;
    }
    ss_expr *c = new_expr(b, EXPR_CAST, target);
    if (c) {
        c->u.cast.arg = e;
        c->u.cast.mode = mode;
    }
    return c;
}

ss_expr *resolve_unknown(binder *b, ss_expr *e, int location)
{
    if (e && (is_unknown_const(e) || is_unknown_value(e) || is_unknown_param(b, e)))
        return coerce_expr(b, e, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, location);
    return e;
}

int numeric_rank(int32_t id)
{
    switch (id) {
    case SS_TYPE_INT2: return 1;
    case SS_TYPE_INT4: return 2;
    case SS_TYPE_INT8: return 3;
    case SS_TYPE_NUMERIC: return 4;
    case SS_TYPE_FLOAT8: return 5;
    default: return 0;
    }
}

static int32_t rank_type(int r)
{
    static const int32_t t[] = {0, SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8, SS_TYPE_NUMERIC, SS_TYPE_FLOAT8};
    return t[r];
}

/* The common type of two operands for arithmetic or comparison, following PostgreSQL. */
bool common_type(binder *b, ss_expr **l, ss_expr **r, const ast_expr *a, ss_type *out)
{
    bool lu = is_unknown_const(*l) || is_unknown_value(*l) || is_unknown_param(b, *l);
    bool ru = is_unknown_const(*r) || is_unknown_value(*r) || is_unknown_param(b, *r);
    if (((*l)->type.id == SS_TYPE_RECORD || lu) && ((*r)->type.id == SS_TYPE_RECORD || ru) && !(lu && ru)) {
        /* PostgreSQL's record op record: a row type is a record as it is, an untyped literal
           the anonymous record (whose input is 0A000); the fields are checked when compared */
        *out = type_of(SS_TYPE_RECORD);
    } else if (lu && ru) {
        *out = type_of(SS_TYPE_TEXT);
    } else if (lu) {
        *out = (*r)->type;
    } else if (ru) {
        *out = (*l)->type;
    } else {
        int lr = numeric_rank((*l)->type.id), rr = numeric_rank((*r)->type.id);
        if (lr && rr) {
            *out = type_of(rank_type(lr > rr ? lr : rr));
        } else if (ss_type_is_text((*l)->type.id) && ss_type_is_text((*r)->type.id)) {
            *out = type_of(SS_TYPE_TEXT);
            if ((*l)->type.id == SS_TYPE_VARCHAR && (*r)->type.id == SS_TYPE_VARCHAR)
                *out = type_of(SS_TYPE_TEXT);
        } else if ((*l)->type.id == (*r)->type.id) {
            *out = (*l)->type;
        } else {
            return false;
        }
    }
    if (out->id == SS_TYPE_VARCHAR)
        *out = type_of(SS_TYPE_TEXT);
    *l = coerce_expr(b, *l, *out, CAST_IMPLICIT, a->left->location);
    *r = coerce_expr(b, *r, *out, CAST_IMPLICIT, a->right->location);
    return *l && *r;
}

bool catalog_common_type(ss_type *t, ss_type e)
{
    if (!ss_type_def_get(t->id) && !ss_type_def_get(e.id))
        return false;
    if (ss_type_category(t->id) != ss_type_category(e.id))
        return false;
    if (!ss_type_preferred(t->id) && ss_cast_exists(*t, e, CAST_IMPLICIT) && !ss_cast_exists(e, *t, CAST_IMPLICIT))
        *t = type_of(e.id);
    if (t->id != e.id || t->typmod != e.typmod)
        t->typmod = -1; /* select_common_typmod: a modifier only when every input has it */
    return true;
}

static bool is_record_type(int32_t id)
{
    return id == SS_TYPE_RECORD || id == SS_TYPE_RECORD_ARRAY;
}

/* A table's or view's row type (or an array of one), not record: PostgreSQL's typcategory C. */
static bool is_named_row_type(ss_type t)
{
    const rec_desc *d = rec_desc_get(t.typmod);
    return d && d->name;
}

bool row_types_match(ss_type a, ss_type e)
{
    return !is_record_type(a.id) || a.id != e.id || a.typmod == e.typmod ||
           is_named_row_type(a) == is_named_row_type(e);
}

/* PostgreSQL's select_common_type over exprs, untyped literals and parameters left out: the
 * numeric type the others widen to, text/varchar (the first one's type; a length only when
 * every one has the same), or the one type they share.  *t is UNKNOWN when all are untyped.
 * Returns the index of the first expression that matches none of that (*t is then the type
 * so far), else -1. */
static int select_common(binder *b, ss_expr *const *exprs, uint32_t n, ss_type *t)
{
    *t = type_of(SS_TYPE_UNKNOWN);
    for (uint32_t i = 0; i < n; i++) {
        const ss_expr *e = exprs[i];
        if (is_unknown_const(e) || is_unknown_param(b, e) ||
            (e->kind == EXPR_CONST && e->u.cnst.is_null && e->type.id == SS_TYPE_UNKNOWN))
            continue;
        if (t->id == SS_TYPE_UNKNOWN) {
            *t = e->type;
            continue;
        }
        int tr = numeric_rank(t->id), er = numeric_rank(e->type.id);
        if (tr && er) {
            *t = type_of(rank_type(tr > er ? tr : er));
        } else if (ss_type_is_text(t->id) && ss_type_is_text(e->type.id)) {
            /* text and varchar convert both ways: the first one stays */
            if (t->id != e->type.id || t->typmod != e->type.typmod)
                *t = type_of(t->id);
        } else if (t->id != e->type.id && !catalog_common_type(t, e->type)) {
            return (int)i;
        } else if (is_record_type(t->id) && t->id == e->type.id && t->typmod != e->type.typmod) {
            /* a row type (category C) and a record (P) do not match; of two row types the
               first one stays (the other's conversion fails, record_common_coerce) */
            if (!row_types_match(*t, e->type))
                return (int)i;
            if (!is_named_row_type(*t))
                t->typmod = -1;
        } else if (t->id == e->type.id && t->typmod != e->type.typmod) {
            t->typmod = -1; /* select_common_typmod: a length only when every input has it */
        }
    }
    return -1;
}

/* t without its modifier, as format_type_be names it, but a row type keeps the typmod that
   names it. */
static ss_type row_type_or_bare(ss_type t)
{
    return is_named_row_type(t) && is_record_type(t.id) ? t : type_of(t.id);
}

/* Resolves the common result type of CASE/COALESCE branches and coerces them all. */
bool unify(binder *b, ss_expr **items, const int *locs, uint32_t n, const char *what, ss_type *out)
{
    ss_type t;
    int bad = select_common(b, items, n, &t);
    if (bad >= 0) {
        char b1[96], b2[96];
        bind_error(b, locs[bad], SS_SQLSTATE_DATATYPE_MISMATCH, "%s types %s and %s cannot be matched", what,
                   tname(row_type_or_bare(t), b1, sizeof b1), tname(row_type_or_bare(items[bad]->type), b2, sizeof b2));
        return false;
    }
    if (t.id == SS_TYPE_UNKNOWN)
        t = type_of(SS_TYPE_TEXT);
    for (uint32_t i = 0; i < n; i++)
        if (is_unknown_const(items[i]) || is_unknown_param(b, items[i]))
            t = type_sans_modifier(t); /* PostgreSQL keeps a length only when every input has it */
    for (uint32_t i = 0; i < n; i++) {
        if (is_record_type(t.id) && items[i]->type.id == t.id && items[i]->type.typmod != t.typmod &&
            is_named_row_type(items[i]->type)) {
            /* another row type: PostgreSQL's coerce_type has no conversion between them */
            char b1[96], b2[96];
            bind_error(b, locs[i], "42846", "%s could not convert type %s to %s", what,
                       tname(items[i]->type, b1, sizeof b1), tname(t, b2, sizeof b2));
            return false;
        }
        if (!(items[i] = coerce_expr(b, items[i], t, CAST_IMPLICIT, locs[i])))
            return false;
    }
    *out = t;
    return true;
}

/* PostgreSQL's select_common_type for an IN list, without raising: the type the left operand
 * and the array items all convert to, or false when their categories differ (the list is then
 * compared item by item, whose errors name the operator).  Comparisons of strings are over
 * text. */
bool in_common_type(binder *b, ss_expr *const *exprs, uint32_t n, ss_type *out)
{
    ss_type t;
    if (select_common(b, exprs, n, &t) >= 0)
        return false;
    if (t.id == SS_TYPE_UNKNOWN || t.id == SS_TYPE_VARCHAR)
        t = type_of(SS_TYPE_TEXT);
    if (!is_record_type(t.id)) /* a row type stays itself */
        t.typmod = -1;
    *out = t;
    return true;
}

static const char *unsupported_type_names[] = {
    "date", "timestamp", "timestamptz", "time", "timetz", "interval",
    "bytea", "json", "jsonb", "uuid", "bpchar", "char", "serial", "bigserial", "smallserial",
    "money", "inet", "cidr", "oid", NULL};

/* A user-defined enum type named by tn (schema-qualified or by the search path): *found, and
   its id (or its array's) in *out; 3F000 / 42704 for a qualified name that names none. */
static int bind_enum_type_name(binder *b, const ast_type_name *tn, ss_type *out, bool *found)
{
    *found = false;
    bool missing = false;
    ss_enum_type *e = b->catalog ? ss_type_find_enum(b->catalog, tn->schema, tn->name, &missing) : NULL;
    if (!e) {
        if (!tn->schema)
            return SS_OK;
        if (missing || !b->catalog)
            return bind_error(b, tn->location, "3F000", "schema \"%s\" does not exist", tn->schema);
        return bind_error(b, tn->location, SS_SQLSTATE_UNDEFINED_OBJECT, "type \"%s.%s\" does not exist",
                          tn->schema, tn->name);
    }
    *found = true;
    if (tn->typmod != -1 || tn->typmod2 != INT32_MIN)
        return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"", tn->name);
    *out = (ss_type){tn->is_array ? e->id + 1 : e->id, -1};
    return SS_OK;
}

int bind_type_name(binder *b, const ast_type_name *tn, ss_type *out)
{
    int32_t id;
    if (tn->schema || !ss_type_lookup_name(tn->name, &id)) {
        bool enum_found;
        if (bind_enum_type_name(b, tn, out, &enum_found) != SS_OK)
            return SS_ERROR;
        if (enum_found)
            return SS_OK;
        for (const char **u = unsupported_type_names; *u; u++)
            if (strcmp(*u, tn->name) == 0)
                return bind_error(b, tn->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: type %s", tn->name);
        if (ss_pg_type_exists(tn->name)) /* PostgreSQL has it, Sunstone not yet */
            return bind_error(b, tn->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: type %s",
                              tn->name);
        bool found;
        if (bind_row_type_name(b, tn->name, tn->location, out, &found))
            return SS_ERROR;
        if (!found)
            return bind_error(b, tn->location, SS_SQLSTATE_UNDEFINED_OBJECT, "type \"%s\" does not exist", tn->name);
        if (tn->typmod != -1 || tn->typmod2 != INT32_MIN)
            return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"", tn->name);
        if (tn->is_array)
            out->id = SS_TYPE_RECORD_ARRAY;
        return SS_OK;
    }
    out->id = id;
    out->typmod = -1;
    if (tn->is_array) {
        /* int[], int[3], integer ARRAY: the array type, the element's modifier */
        ast_type_name et = *tn;
        et.is_array = false;
        if (bind_type_name(b, &et, out))
            return SS_ERROR;
        int32_t arr = ss_type_array_of(out->id);
        if (arr == SS_TYPE_INVALID)
            return bind_error(b, tn->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: arrays of type %s", tn->name);
        out->id = arr;
        return SS_OK;
    }
    const ss_type_def *d = ss_type_def_get(id);
    if (d && (tn->typmod != -1 || tn->typmod2 != INT32_MIN)) {
        /* a catalog type's typmod input (typmodin), or PostgreSQL's refusal */
        if (!d->typmod_in)
            return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"",
                              d->internal_name);
        int32_t mods[2] = {tn->typmod, tn->typmod2};
        if (d->typmod_in(b->ctx, mods, tn->typmod2 == INT32_MIN ? 1 : 2, &out->typmod) != SS_OK) {
            ss_ctx_error_position(b->ctx, tn->location + 1);
            return SS_ERROR;
        }
        return SS_OK;
    }
    if (id == SS_TYPE_NUMERIC && tn->typmod != -1) {
        /* numerictypmodin: numeric(p) = numeric(p, 0) */
        int32_t p = tn->typmod, s = tn->typmod2 == INT32_MIN ? 0 : tn->typmod2;
        if (p < 1 || p > 1000)
            return bind_error(b, tn->location, "22023", "NUMERIC precision %d must be between 1 and %d", p, 1000);
        if (s < -1000 || s > 1000)
            return bind_error(b, tn->location, "22023", "NUMERIC scale %d must be between %d and %d", s, -1000, 1000);
        out->typmod = ((p << 16) | (s & 0x7ff)) + 4;
        return SS_OK;
    }
    if (tn->typmod2 != INT32_MIN)
        return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"",
                          ss_type_internal_name(id));
    if (tn->typmod >= 0) {
        if (id != SS_TYPE_VARCHAR)
            return bind_error(b, tn->location, "42601", "type modifier is not allowed for type \"%s\"",
                              ss_type_internal_name(id));
        if (tn->typmod < 1)
            return bind_error(b, tn->location, "22023", "length for type varchar must be at least 1");
        if (tn->typmod > 10485760)
            return bind_error(b, tn->location, "22023", "length for type varchar cannot exceed 10485760");
        out->typmod = tn->typmod + 4;
    }
    return SS_OK;
}

ss_expr *bind_cast(binder *b, const ast_expr *a)
{
    ss_type target;
    if (bind_type_name(b, &a->type, &target))
        return NULL;
    ss_expr *arg = a->args[0]->kind == AE_ARRAY ? bind_array_ctor(b, a->args[0], &target) : bind_expr(b, a->args[0]);
    if (!arg)
        return NULL;
    /* a missing cast is reported at the cast, input errors at the value, as PostgreSQL does */
    if (!is_unknown_const(arg) && !is_unknown_param(b, arg) && !(target.id == SS_TYPE_RECORD && target.typmod >= 0) &&
        !ss_cast_exists(arg->type, target, CAST_EXPLICIT)) {
        char b1[96], b2[96];
        bind_error(b, a->location, "42846", "cannot cast type %s to %s", tname(arg->type, b1, sizeof b1),
                   tname((ss_type){target.id, -1}, b2, sizeof b2)); /* format_type_be: no modifier */
        return NULL;
    }
    if (target.id == SS_TYPE_RECORD && target.typmod >= 0 && !is_unknown_const(arg) && !is_unknown_param(b, arg))
        return coerce_expr(b, arg, target, CAST_EXPLICIT, a->location); /* a row type's errors are the cast's */
    return coerce_expr(b, arg, target, CAST_EXPLICIT, a->args[0]->location >= 0 ? a->args[0]->location : a->location);
}
