/* parse_keys.c — PRIMARY KEY and UNIQUE constraints of CREATE TABLE (column and table
 * constraints, CONSTRAINT name) into the AST's key constraints; a primary key makes its
 * columns NOT NULL, as PostgreSQL's; DEFERRABLE / INITIALLY DEFERRED are kept.  Options Sunstone
 * does not have (INCLUDE, WITH, USING INDEX TABLESPACE, NULLS NOT DISTINCT) are refused with 0A000. */
#include <string.h>

#include "sql/transform.h"

bool tr_key_constraint(transform_state *ts, Constraint *con, const char *column, ast_stmt *out)
{
    const tr_refusal refusals[] = {
        {con->including != NIL, "INCLUDE in constraints"},
        {con->options != NIL, "WITH (storage parameters)"},
        {con->indexspace != NULL, "USING INDEX TABLESPACE"},
        {con->indexname != NULL, "USING INDEX"},
        {con->nulls_not_distinct, "NULLS NOT DISTINCT"},
    };
    if (tr_refuse_first(ts, con->location, refusals, sizeof refusals / sizeof refusals[0]))
        return false;
    bool primary = con->contype == CONSTR_PRIMARY;
    if (primary && out->kind != AST_ALTER_TABLE) /* ALTER TABLE's is the catalog's check */
        for (uint32_t i = 0; i < out->nkey_constraints; i++)
            if (out->key_constraints[i].primary) {
                tr_error(ts, "42P16", con->location, "multiple primary keys for table \"%s\" are not allowed",
                         out->table);
                return false;
            }
    ast_key_constraint *all = tr_alloc(ts, sizeof *all * (out->nkey_constraints + 1));
    if (!all)
        return false;
    if (out->nkey_constraints)
        memcpy(all, out->key_constraints, sizeof *all * out->nkey_constraints);
    ast_key_constraint *k = &all[out->nkey_constraints];
    memset(k, 0, sizeof *k);
    k->primary = primary;
    k->location = con->location;
    k->deferrable = con->deferrable;
    k->initdeferred = con->initdeferred;
    k->name = con->conname ? tr_strdup(ts, con->conname) : NULL;
    k->ncolumns = column ? 1 : (uint32_t)list_length(con->keys);
    k->columns = tr_alloc(ts, sizeof(char *) * (k->ncolumns ? k->ncolumns : 1));
    if (!k->columns)
        return false;
    if (column) {
        k->columns[0] = column;
    } else {
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, con->keys)
            k->columns[i++] = tr_strdup(ts, strVal(lfirst(lc)));
    }
    out->key_constraints = all;
    out->nkey_constraints++;
    return true;
}

static bool same_columns(const ast_key_constraint *a, const ast_key_constraint *b)
{
    if (a->ncolumns != b->ncolumns)
        return false;
    for (uint32_t i = 0; i < a->ncolumns; i++)
        if (strcmp(a->columns[i], b->columns[i]) != 0)
            return false;
    return true;
}

/* PostgreSQL makes one index of constraints over the same columns (a UNIQUE repeating the
   primary key, or another UNIQUE) unless both are named, differently. */
static void merge_duplicates(ast_stmt *out)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < out->nkey_constraints; i++) {
        ast_key_constraint *k = &out->key_constraints[i];
        uint32_t j = 0;
        while (j < n && !(same_columns(&out->key_constraints[j], k) &&
                          out->key_constraints[j].deferrable == k->deferrable &&
                          out->key_constraints[j].initdeferred == k->initdeferred &&
                          (!k->name || !out->key_constraints[j].name ||
                           strcmp(k->name, out->key_constraints[j].name) == 0)))
            j++;
        if (j < n) {
            ast_key_constraint *prior = &out->key_constraints[j];
            prior->primary = prior->primary || k->primary;
            if (!prior->name)
                prior->name = k->name;
            continue;
        }
        out->key_constraints[n++] = *k;
    }
    out->nkey_constraints = n;
}

bool tr_key_constraints_finish(transform_state *ts, ast_stmt *out)
{
    for (uint32_t i = 0; i < out->nkey_constraints; i++) {
        const ast_key_constraint *k = &out->key_constraints[i];
        for (uint32_t j = 0; j < k->ncolumns; j++) {
            uint32_t c = 0;
            while (c < out->ncoldefs && strcmp(out->coldefs[c].name, k->columns[j]) != 0)
                c++;
            if (c == out->ncoldefs && out->nlikes)
                continue; /* maybe a LIKE's: checked when the binder writes them in */
            if (c == out->ncoldefs) {
                tr_error(ts, "42703", k->location, "column \"%s\" named in key does not exist", k->columns[j]);
                return false;
            }
            if (k->primary)
                out->coldefs[c].not_null = true;
        }
    }
    merge_duplicates(out);
    return true;
}
