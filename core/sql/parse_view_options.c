/* parse_view_options.c — CREATE VIEW's WITH (name [= value], ...) and WITH [LOCAL | CASCADED]
 * CHECK OPTION into the option list PostgreSQL's DefineView keeps as the view's reloptions
 * (ast_stmt.view_opt_*): values as defGetString gives them ("true" for none), the clause's
 * check_option appended last.  A valid check_option sets ast_stmt.view_check; the binder
 * (bind/view_options.c) checks names and values.  Namespaced options (toast.x) are 0A000. */
#include <stdio.h>
#include <strings.h>

#include "sql/transform.h"

static const char *option_value(transform_state *ts, const DefElem *d)
{
    char buf[64];
    if (!d->arg)
        return "true";
    if (IsA(d->arg, Integer)) {
        snprintf(buf, sizeof buf, "%d", intVal(d->arg));
        return tr_strdup(ts, buf);
    }
    if (IsA(d->arg, Float))
        return tr_strdup(ts, castNode(Float, d->arg)->fval);
    if (IsA(d->arg, Boolean))
        return boolVal(d->arg) ? "true" : "false";
    if (IsA(d->arg, String))
        return tr_strdup(ts, strVal(d->arg));
    if (IsA(d->arg, TypeName)) {
        const TypeName *tn = castNode(TypeName, d->arg);
        if (list_length(tn->names) == 1 && !tn->typmods && !tn->arrayBounds)
            return tr_strdup(ts, strVal(linitial(tn->names)));
    }
    return NULL;
}

static int check_of(const char *value)
{
    return !strcasecmp(value, "local") ? AST_VIEW_CHECK_LOCAL : !strcasecmp(value, "cascaded") ? AST_VIEW_CHECK_CASCADED : 0;
}

bool tr_view_options(transform_state *ts, List *options, int check_clause, ast_stmt *out)
{
    uint32_t n = (uint32_t)list_length(options) + (check_clause ? 1 : 0);
    out->view_check = 0;
    out->nview_opts = 0;
    if (!n)
        return true;
    if (!(out->view_opt_names = tr_alloc(ts, sizeof(char *) * n)) ||
        !(out->view_opt_values = tr_alloc(ts, sizeof(char *) * n)))
        return false;
    ListCell *lc;
    foreach (lc, options) {
        const DefElem *d = lfirst_node(DefElem, lc);
        char what[160];
        if (d->defnamespace) {
            snprintf(what, sizeof what, "view option %s.%s", d->defnamespace, d->defname);
            tr_unsupported(ts, -1, what);
            return false;
        }
        const char *value = option_value(ts, d);
        if (!value) {
            snprintf(what, sizeof what, "this value of view option %s", d->defname);
            tr_unsupported(ts, -1, what);
            return false;
        }
        out->view_opt_names[out->nview_opts] = tr_strdup(ts, d->defname);
        out->view_opt_values[out->nview_opts++] = value;
        if (!strcmp(d->defname, "check_option") && !out->view_check)
            out->view_check = check_of(value);
    }
    if (check_clause) {
        out->view_opt_names[out->nview_opts] = "check_option";
        out->view_opt_values[out->nview_opts++] = check_clause == AST_VIEW_CHECK_LOCAL ? "local" : "cascaded";
        if (!out->view_check)
            out->view_check = check_clause;
    }
    return true;
}
