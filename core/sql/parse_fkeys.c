/* parse_fkeys.c — FOREIGN KEY constraints of CREATE TABLE (REFERENCES as a column
 * constraint, FOREIGN KEY (cols) REFERENCES as a table one) into the AST's foreign keys.
 * DEFERRABLE / INITIALLY DEFERRED are kept.  What Sunstone does not have is refused with 0A000 (NOT VALID
 * outside ALTER TABLE); MATCH PARTIAL
 * is PostgreSQL's own 0A000. */
#include <string.h>

#include "sql/transform.h"

bool tr_fkey_constraint(transform_state *ts, Constraint *con, const char *column, ast_stmt *out)
{
    const tr_refusal refusals[] = {
        /* ALTER TABLE ... ADD CONSTRAINT keeps NOT VALID (parse_alter.c) */
        {con->skip_validation && out->kind != AST_ALTER_TABLE, "NOT VALID constraints"},
    };
    if (tr_refuse_first(ts, con->location, refusals, sizeof refusals / sizeof refusals[0]))
        return false;
    if (con->fk_matchtype == 'p') {
        tr_error(ts, "0A000", con->location, "MATCH PARTIAL not yet implemented");
        return false;
    }
    ast_foreign_key *all = tr_alloc(ts, sizeof *all * (out->nfkeys + 1));
    if (!all)
        return false;
    if (out->nfkeys)
        memcpy(all, out->fkeys, sizeof *all * out->nfkeys);
    ast_foreign_key *f = &all[out->nfkeys];
    memset(f, 0, sizeof *f);
    f->name = con->conname ? tr_strdup(ts, con->conname) : NULL;
    f->location = con->location;
    f->deferrable = con->deferrable;
    f->initdeferred = con->initdeferred;
    f->ref_table = tr_relation_name(ts, con->pktable);
    f->ref_location = con->pktable->location;
    if (!f->ref_table)
        return false;
    if (column) {
        if (!(f->columns = tr_alloc(ts, sizeof(char *))))
            return false;
        f->columns[0] = column;
        f->ncolumns = 1;
    } else if (!tr_name_array(ts, con->fk_attrs, &f->columns, &f->ncolumns)) {
        return false;
    }
    if (!tr_name_array(ts, con->pk_attrs, &f->ref_columns, &f->nref_columns))
        return false;
    if (!tr_name_array(ts, con->fk_del_set_cols, &f->del_set_columns, &f->ndel_set_columns))
        return false;
    f->match = con->fk_matchtype == 'f' ? 'f' : 's';
    f->on_delete = con->fk_del_action ? con->fk_del_action : 'a';
    f->on_update = con->fk_upd_action ? con->fk_upd_action : 'a';
    out->fkeys = all;
    out->nfkeys++;
    return true;
}
