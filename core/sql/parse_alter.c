/* parse_alter.c — transforms PostgreSQL's AlterTableStmt into the AST: the table (IF EXISTS)
 * and its subcommands; the subcommands Sunstone does not have yet are refused with 0A000,
 * named as PostgreSQL's grammar spells them. */
#include <string.h>

#include "sql/transform.h"

/* The name of an unsupported subcommand, for the 0A000 message. */
static const char *subcommand_name(AlterTableType t)
{
    switch (t) {
    case AT_AddColumn: return "ALTER TABLE ... ADD COLUMN";
    case AT_DropColumn: return "ALTER TABLE ... DROP COLUMN";
    case AT_ColumnDefault: return "ALTER TABLE ... ALTER COLUMN ... SET / DROP DEFAULT";
    case AT_AlterColumnType: return "ALTER TABLE ... ALTER COLUMN ... TYPE";
    case AT_AddConstraint: return "ALTER TABLE ... ADD CONSTRAINT";
    case AT_DropConstraint: return "ALTER TABLE ... DROP CONSTRAINT";
    default: return "this form of ALTER TABLE";
    }
}

bool tr_alter_table(transform_state *ts, AlterTableStmt *s, ast_stmt *out)
{
    RangeVar *rv = s->relation;
    out->kind = AST_ALTER_TABLE;
    out->table = tr_relation_ref(ts, rv);
    out->table_location = rv->location;
    out->missing_ok = s->missing_ok;
    out->nalter_cmds = (uint32_t)list_length(s->cmds);
    out->alter_cmds = tr_alloc(ts, sizeof(ast_alter_cmd) * (out->nalter_cmds ? out->nalter_cmds : 1));
    if (!out->table || !out->alter_cmds)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->cmds) {
        AlterTableCmd *c = lfirst(lc);
        ast_alter_cmd *a = &out->alter_cmds[i++];
        switch (c->subtype) {
        case AT_SetNotNull:
            a->kind = AST_ALTER_SET_NOT_NULL;
            break;
        case AT_DropNotNull:
            a->kind = AST_ALTER_DROP_NOT_NULL;
            break;
        default:
            tr_unsupported(ts, -1, subcommand_name(c->subtype));
            return false;
        }
        if (!(a->column = tr_strdup(ts, c->name)))
            return false;
    }
    return true;
}
