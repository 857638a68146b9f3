/* bind_collate.c — `expr COLLATE name` (PostgreSQL's transformCollateClause).  Sunstone's
 * text comparisons are bytewise, which is the order of PostgreSQL's "C" collation and of
 * every collation that orders as it does: "C", "POSIX", "ucs_basic", "C.utf8" and "default"
 * (the database's own, C.UTF-8 as Sunstone presents it).  So a COLLATE naming one of them
 * changes nothing in the value; what remains are PostgreSQL's checks, in its order: the
 * operand must be of a collatable type (text, varchar, char(n), name, arrays of them, or an
 * untyped literal: 42804), the collation must exist (42704), and two different explicit
 * collations meeting in one operator are a conflict (42P21).  ICU collations ("en-x-icu"),
 * which order differently, are 0A000. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/typeio.h"

static bool collatable(int32_t id)
{
    int32_t elem = ss_type_element_of(id);
    if (elem != SS_TYPE_INVALID)
        id = elem;
    return id == SS_TYPE_TEXT || id == SS_TYPE_VARCHAR || id == SS_TYPE_BPCHAR || id == SS_TYPE_NAME;
}

bool ss_collation_orders_bytewise(const char *name)
{
    static const char *const names[] = {"default", "C", "POSIX", "ucs_basic", "C.utf8"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return true;
    return false;
}

int ss_collation_check(binder *b, const char *name, int location)
{
    if (ss_collation_orders_bytewise(name))
        return 0;
    size_t n = strlen(name);
    if (n > 6 && strcmp(name + n - 6, "-x-icu") == 0)
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: collation \"%s\" (ICU collations)", name);
    return bind_error(b, location, "42704", "collation \"%s\" for encoding \"UTF8\" does not exist", name);
}

static int not_collatable(binder *b, int32_t id, int location)
{
    char tb[96];
    return bind_error(b, location, "42804", "collations are not supported by type %s",
                      ss_type_display_name((ss_type){id, -1}, tb, sizeof tb));
}

/* A column's COLLATE in CREATE TABLE / ALTER TABLE ADD COLUMN, PostgreSQL's order: the
 * collation must exist, then the type be collatable.  Sunstone's catalog keeps no collation
 * per column, so only the type's own collation is accepted (which PostgreSQL's \d does not
 * show either): "C" for name and name[], "default" for the other collatable types; every
 * other one is 0A000. */
int bind_column_collation(binder *b, const char *name, int location, ss_type type)
{
    if (!name)
        return 0;
    if (ss_collation_check(b, name, location) < 0)
        return -1;
    if (!collatable(type.id))
        return not_collatable(b, type.id, location);
    int32_t elem = ss_type_element_of(type.id);
    const char *own = (elem != SS_TYPE_INVALID ? elem : type.id) == SS_TYPE_NAME ? "C" : "default";
    if (strcmp(name, own) != 0)
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: column collation \"%s\" (a column keeps its type's collation, "
                          "\"%s\")",
                          name, own);
    return 0;
}

ss_expr *bind_collate(binder *b, const ast_expr *a)
{
    ss_expr *arg = bind_expr(b, a->args[0]);
    if (!arg)
        return NULL;
    if (arg->type.id != SS_TYPE_UNKNOWN && !collatable(arg->type.id)) {
        not_collatable(b, arg->type.id, a->location);
        return NULL;
    }
    return ss_collation_check(b, a->str, a->location) < 0 ? NULL : arg;
}

/* The explicit COLLATE an operand carries up to an operator: its own, or one from below a
 * text operator (`x COLLATE "C" || y`).  NULL: none. */
static const ast_expr *explicit_collate(const ast_expr *a)
{
    if (!a)
        return NULL;
    if (a->kind == AE_COLLATE)
        return a;
    if (a->kind == AE_OP && a->str && strcmp(a->str, "||") == 0) {
        const ast_expr *l = explicit_collate(a->left);
        return l ? l : explicit_collate(a->right);
    }
    return NULL;
}

int bind_collate_conflict(binder *b, const ast_expr *left, const ast_expr *right)
{
    const ast_expr *l = explicit_collate(left), *r = explicit_collate(right);
    if (!l || !r || strcmp(l->str, r->str) == 0)
        return 0;
    return bind_error(b, r->location, "42P21", "collation mismatch between explicit collations \"%s\" and \"%s\"",
                      l->str, r->str);
}
