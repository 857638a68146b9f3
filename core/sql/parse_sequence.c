/* parse_sequence.c — sequence options (CREATE SEQUENCE, an identity column's (...)) and
 * CREATE SEQUENCE from PostgreSQL's DefElem lists into ast_seq_options. */
#include "sql/transform.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PostgreSQL's defGetInt64: an Integer, or a Float holding a large integer. */
static bool def_int64(transform_state *ts, DefElem *d, int64_t *out)
{
    if (d->arg && IsA(d->arg, Integer)) {
        *out = intVal(d->arg);
        return true;
    }
    if (d->arg && IsA(d->arg, Float)) {
        const char *s = castNode(Float, d->arg)->fval;
        char *end;
        errno = 0;
        long long v = strtoll(s, &end, 10);
        if (errno || *end) {
            tr_error(ts, "22003", -1, "value \"%s\" is out of range for type bigint", s);
            return false;
        }
        *out = v;
        return true;
    }
    tr_error(ts, "42601", d->location, "%s requires a numeric value", d->defname);
    return false;
}

bool tr_seq_options(transform_state *ts, List *options, bool for_identity, ast_seq_options *o)
{
    DefElem *seen[9] = {0};
    static const char *const names[9] = {"as", "increment", "minvalue", "maxvalue", "start",
                                         "cache", "cycle", "owned_by", "sequence_name"};
    ListCell *lc;
    foreach (lc, options) {
        DefElem *d = lfirst(lc);
        int k = -1;
        for (int i = 0; i < 9; i++)
            if (strcmp(d->defname, names[i]) == 0)
                k = i;
        if (k < 0 && strcmp(d->defname, "restart") == 0) {
            /* ALTER's; CREATE SEQUENCE refuses it */
            if (o->has_restart) {
                tr_error(ts, "42601", d->location, "conflicting or redundant options");
                return false;
            }
            o->has_restart = true;
            o->restart_location = d->location;
            o->restart_default = d->arg == NULL;
            if (d->arg && !def_int64(ts, d, &o->restart))
                return false;
            continue;
        }
        if (k < 0) {
            tr_unsupported(ts, d->location, d->defname);
            return false;
        }
        if (seen[k] || (k == 7 && for_identity)) {
            tr_error(ts, "42601", d->location, "conflicting or redundant options");
            return false;
        }
        seen[k] = d;
        switch (k) {
        case 0: {
            ast_type_name tn;
            if (!tr_type_name(ts, castNode(TypeName, d->arg), &tn))
                return false;
            o->as_type = tn.name;
            o->as_location = tn.location;
            break;
        }
        case 1: /* INCREMENT, [NO] MINVALUE, [NO] MAXVALUE, START, CACHE */
        case 2:
        case 3:
        case 4:
        case 5: {
            bool *has[6] = {NULL, &o->has_increment, &o->has_min, &o->has_max, &o->has_start, &o->has_cache};
            int64_t *val[6] = {NULL, &o->increment, &o->min, &o->max, &o->start, &o->cache};
            *has[k] = true;
            if (k == 2)
                o->no_min = d->arg == NULL;
            if (k == 3)
                o->no_max = d->arg == NULL;
            if ((d->arg || (k != 2 && k != 3)) && !def_int64(ts, d, val[k]))
                return false;
            break;
        }
        case 6:
            o->has_cycle = true;
            o->cycle = boolVal(d->arg);
            break;
        case 7: {
            List *l = castNode(List, d->arg);
            if (list_length(l) == 1 && strcmp(strVal(linitial(l)), "none") == 0) {
                o->owned_none = true;
                break;
            }
            if (list_length(l) < 2) {
                tr_error(ts, "42601", -1, "invalid OWNED BY option");
                snprintf(ts->err->hint, sizeof ts->err->hint, "Specify OWNED BY table.column or OWNED BY NONE.");
                return false;
            }
            if (list_length(l) > 3) {
                tr_unsupported(ts, d->location, "cross-database references in OWNED BY");
                return false;
            }
            o->nowned_by = 2;
            o->owned_by = tr_alloc(ts, sizeof(char *) * 2);
            if (!o->owned_by)
                return false;
            /* [schema.]table.column */
            o->owned_by[0] = tr_qualified_ref(ts, list_length(l) == 3 ? strVal(linitial(l)) : NULL,
                                              strVal(list_nth(l, list_length(l) - 2)), d->location);
            o->owned_by[1] = tr_strdup(ts, strVal(llast(l)));
            if (!o->owned_by[0])
                return false;
            break;
        }
        case 8: {
            List *l = castNode(List, d->arg);
            o->seq_name = tr_strdup(ts, strVal(llast(l)));
            break;
        }
        }
    }
    return true;
}

bool tr_create_sequence(transform_state *ts, CreateSeqStmt *s, ast_stmt *out)
{
    RangeVar *rv = s->sequence;
    if (rv->relpersistence == 'u') {
        tr_unsupported(ts, rv->location, "UNLOGGED sequences");
        return false;
    }
    out->kind = AST_CREATE_SEQUENCE;
    out->table = tr_created_relation_ref(ts, rv);
    out->table_location = rv->location;
    out->if_not_exists = s->if_not_exists;
    if (!tr_seq_options(ts, s->options, false, &out->seq_opts))
        return false;
    if (out->seq_opts.has_restart) {
        tr_unsupported(ts, out->seq_opts.restart_location, "RESTART in CREATE SEQUENCE");
        return false;
    }
    return true;
}

bool tr_alter_sequence(transform_state *ts, AlterSeqStmt *s, ast_stmt *out)
{
    out->kind = AST_ALTER_SEQUENCE;
    out->table = tr_relation_ref(ts, s->sequence);
    out->table_location = s->sequence->location;
    out->missing_ok = s->missing_ok;
    return out->table && tr_seq_options(ts, s->options, false, &out->seq_opts);
}
