/* parse_alter.c — transforms PostgreSQL's AlterTableStmt and RenameStmt into the AST: the
 * table (IF EXISTS) and its subcommands; ADD COLUMN's definition and the CHECKs go to the
 * statement's coldefs / checks as CREATE TABLE's do, and the statement's text is kept so that
 * the catalog can read a default or a CHECK again.  The subcommands Sunstone does not have
 * yet are refused with 0A000, named as PostgreSQL's grammar spells them. */
#include <string.h>

#include "sql/transform.h"

/* The name of an unsupported subcommand, for the 0A000 message. */
static const char *subcommand_name(AlterTableType t)
{
    switch (t) {
    case AT_AddConstraint: return "ALTER TABLE ... ADD CONSTRAINT";
    case AT_SetStatistics: return "ALTER TABLE ... ALTER COLUMN ... SET STATISTICS";
    case AT_SetStorage: return "ALTER TABLE ... ALTER COLUMN ... SET STORAGE";
    case AT_SetCompression: return "ALTER TABLE ... ALTER COLUMN ... SET COMPRESSION";
    case AT_ClusterOn: return "ALTER TABLE ... CLUSTER ON";
    case AT_SetLogged: return "ALTER TABLE ... SET LOGGED";
    case AT_SetUnLogged: return "ALTER TABLE ... SET UNLOGGED";
    case AT_ChangeOwner: return "ALTER TABLE ... OWNER TO";
    case AT_SetRelOptions: return "ALTER TABLE ... SET (storage parameters)";
    case AT_EnableTrig:
    case AT_DisableTrig: return "ALTER TABLE ... ENABLE / DISABLE TRIGGER";
    case AT_AddInherit: return "ALTER TABLE ... INHERIT";
    case AT_AttachPartition: return "ALTER TABLE ... ATTACH PARTITION";
    default: return "this form of ALTER TABLE";
    }
}

static bool table_name(transform_state *ts, RangeVar *rv, ast_stmt *out)
{
    out->kind = AST_ALTER_TABLE;
    out->table = tr_relation_ref(ts, rv);
    out->table_location = rv->location;
    return out->table != NULL;
}

/* A new empty entry at the end of out->coldefs (its index in *at), NULL when out of memory. */
static ast_column_def *new_coldef(transform_state *ts, ast_stmt *out, int *at)
{
    ast_column_def *d = tr_alloc(ts, sizeof *d * (out->ncoldefs + 1));
    if (!d)
        return NULL;
    if (out->ncoldefs)
        memcpy(d, out->coldefs, sizeof *d * out->ncoldefs);
    memset(&d[out->ncoldefs], 0, sizeof *d);
    out->coldefs = d;
    *at = (int)out->ncoldefs++;
    return &d[*at];
}

/* Appends one column definition to out->coldefs; its index in *at. */
static bool add_coldef(transform_state *ts, ColumnDef *cd, ast_stmt *out, int *at)
{
    ast_column_def *d = new_coldef(ts, out, at);
    return d && tr_column_def(ts, cd, d, out);
}

/* ADD [CONSTRAINT name] CHECK (...) [NOT VALID]; other constraint kinds are 0A000. */
static bool add_constraint(transform_state *ts, Constraint *con, ast_stmt *out, ast_alter_cmd *a)
{
    if (con->contype == CONSTR_PRIMARY || con->contype == CONSTR_UNIQUE) {
        a->kind = AST_ALTER_ADD_KEY;
        a->check_lo = out->nkey_constraints;
        if (con->skip_validation) {
            tr_unsupported(ts, con->location, "NOT VALID on PRIMARY KEY / UNIQUE");
            return false;
        }
        if (!tr_key_constraint(ts, con, NULL, out))
            return false;
        a->check_hi = out->nkey_constraints;
        return true;
    }
    if (con->contype == CONSTR_FOREIGN) {
        a->kind = AST_ALTER_ADD_FKEY;
        a->check_lo = out->nfkeys;
        a->not_valid = con->skip_validation;
        if (!tr_fkey_constraint(ts, con, NULL, out))
            return false;
        a->check_hi = out->nfkeys;
        return true;
    }
    if (con->contype != CONSTR_CHECK) {
        const char *what = subcommand_name(AT_AddConstraint);
        tr_unsupported(ts, -1, what);
        return false;
    }
    if (con->is_no_inherit) {
        tr_unsupported(ts, con->location, "NO INHERIT");
        return false;
    }
    a->kind = AST_ALTER_ADD_CHECK;
    a->check_lo = out->nchecks;
    a->not_valid = con->skip_validation;
    if (!tr_add_check(ts, con, NULL, out))
        return false;
    a->check_hi = out->nchecks;
    return true;
}

static bool tr_cmd(transform_state *ts, AlterTableCmd *c, ast_stmt *out, ast_alter_cmd *a)
{
    a->coldef = -1;
    a->missing_ok = c->missing_ok;
    a->cascade = c->behavior == DROP_CASCADE;
    if (c->name && !(a->column = tr_strdup(ts, c->name)))
        return false;
    switch (c->subtype) {
    case AT_SetRelOptions:
    case AT_ResetRelOptions: {
        ast_stmt opts;
        memset(&opts, 0, sizeof opts);
        if (!tr_view_options(ts, (List *)c->def, 0, &opts))
            return false;
        a->kind = AST_ALTER_SET_OPTIONS;
        a->reset_opts = c->subtype == AT_ResetRelOptions;
        a->opt_names = opts.view_opt_names;
        a->opt_values = opts.view_opt_values;
        a->nopts = opts.nview_opts;
        ListCell *lc;
        uint32_t i = 0;
        foreach (lc, (List *)c->def)
            if (a->reset_opts)
                a->opt_values[i++] = lfirst_node(DefElem, lc)->arg ? "" : NULL;
        return true;
    }
    case AT_SetNotNull:
        a->kind = AST_ALTER_SET_NOT_NULL;
        return true;
    case AT_DropNotNull:
        a->kind = AST_ALTER_DROP_NOT_NULL;
        return true;
    case AT_AddColumn: {
        uint32_t nkeys = out->nkey_constraints, nfkeys = out->nfkeys;
        a->kind = AST_ALTER_ADD_COLUMN;
        a->check_lo = out->nchecks;
        if (!add_coldef(ts, (ColumnDef *)c->def, out, &a->coldef))
            return false;
        a->check_hi = out->nchecks;
        a->key_lo = nkeys;
        a->key_hi = out->nkey_constraints;
        a->fkey_lo = nfkeys;
        a->fkey_hi = out->nfkeys;
        return true;
    }
    case AT_DropColumn:
        a->kind = AST_ALTER_DROP_COLUMN;
        return true;
    case AT_ColumnDefault:
        if (!c->def) {
            a->kind = AST_ALTER_DROP_DEFAULT;
            return true;
        }
        a->kind = AST_ALTER_SET_DEFAULT;
        {
            ast_column_def *d = new_coldef(ts, out, &a->coldef);
            if (!d)
                return false;
            d->name = a->column;
            d->location = -1;
            return (d->default_expr = tr_expr(ts, c->def)) != NULL;
        }
    case AT_AlterColumnType: {
        ColumnDef *cd = (ColumnDef *)c->def;
        ast_column_def *d = new_coldef(ts, out, &a->coldef);
        if (!d)
            return false;
        if (cd->collClause) { /* PostgreSQL shows no position for its errors here */
            d->collation_location = -1;
            if (!(d->collation = tr_collation_name(ts, cd->collClause->collname, -1, true)))
                return false;
        }
        d->name = a->column;
        d->location = cd->location;
        if (!tr_type_name(ts, cd->typeName, &d->type))
            return false;
        if (cd->raw_default && !(d->default_expr = tr_expr(ts, cd->raw_default)))
            return false;
        a->kind = AST_ALTER_COLUMN_TYPE;
        return true;
    }
    case AT_AddConstraint:
        return add_constraint(ts, (Constraint *)c->def, out, a);
    case AT_DropConstraint:
        a->kind = AST_ALTER_DROP_CONSTRAINT;
        return true;
    case AT_ValidateConstraint:
        a->kind = AST_ALTER_VALIDATE_CONSTRAINT;
        return true;
    case AT_AlterConstraint: {
        const Constraint *con = (const Constraint *)c->def;
        if (!(a->column = tr_strdup(ts, con->conname)))
            return false;
        a->kind = AST_ALTER_CONSTRAINT;
        a->deferrable = con->deferrable;
        a->initdeferred = con->initdeferred;
        return true;
    }
    case AT_AddIdentity: {
        Constraint *con = (Constraint *)c->def;
        ast_column_def *d = new_coldef(ts, out, &a->coldef);
        if (!d)
            return false;
        d->name = a->column;
        d->location = -1;
        d->identity = (char)con->generated_when;
        a->kind = AST_ALTER_ADD_IDENTITY;
        return tr_seq_options(ts, con->options, true, &d->ident_opts);
    }
    case AT_SetIdentity: {
        /* SET GENERATED, RESTART [WITH n], SET <sequence option>: the others altering the
           column's sequence (alter_identity.c) */
        ListCell *lc;
        List *opts = NIL;
        foreach (lc, (List *)c->def) {
            DefElem *e = lfirst(lc);
            if (strcmp(e->defname, "generated") == 0)
                a->identity = (char)intVal(e->arg);
            else
                opts = lappend(opts, e);
        }
        a->kind = AST_ALTER_SET_GENERATED;
        return tr_seq_options(ts, opts, true, &a->seq_opts);
    }
    case AT_ChangeOwner: {
        RoleSpec *r = c->newowner;
        a->kind = AST_ALTER_OWNER;
        a->new_name = r->roletype == ROLESPEC_CSTRING ? tr_strdup(ts, r->rolename)
                      : r->roletype == ROLESPEC_PUBLIC ? "public"
                                                       : NULL;
        return r->roletype != ROLESPEC_CSTRING || a->new_name;
    }
    case AT_DropIdentity:
        a->kind = AST_ALTER_DROP_IDENTITY;
        return true;
    case AT_DropExpression:
        a->kind = AST_ALTER_DROP_EXPRESSION;
        return true;
    default:
        tr_unsupported(ts, -1, subcommand_name(c->subtype));
        return false;
    }
}

/* ALTER VIEW's subcommands (RENAME and SET SCHEMA are other statements): OWNER TO alone, and
   ALTER COLUMN ... SET / DROP DEFAULT, are ALTER TABLE's (out); the others 0A000 */
bool tr_alter_view(transform_state *ts, AlterTableStmt *s, ast_stmt *out)
{
    const char *form = "this form of ALTER VIEW";
    bool defaults = list_length(s->cmds) > 0, options = defaults;
    ListCell *lc;
    foreach (lc, s->cmds) {
        AlterTableType sub = castNode(AlterTableCmd, lfirst(lc))->subtype;
        defaults &= sub == AT_ColumnDefault;
        options &= sub == AT_SetRelOptions || sub == AT_ResetRelOptions;
    }
    if (defaults || options ||
        (list_length(s->cmds) == 1 && castNode(AlterTableCmd, linitial(s->cmds))->subtype == AT_ChangeOwner)) {
        if (!tr_alter_table(ts, s, out))
            return false;
        out->alter_view = true;
        return true;
    }
    if (list_length(s->cmds) >= 1) {
        AlterTableCmd *c = linitial(s->cmds);
        form = c->subtype == AT_ChangeOwner ? "ALTER VIEW ... OWNER TO"
               : c->subtype == AT_SetRelOptions || c->subtype == AT_ResetRelOptions ? "ALTER VIEW ... SET / RESET (options)"
                                                                                  : form;
    }
    tr_unsupported(ts, -1, form);
    return false;
}

bool tr_alter_table(transform_state *ts, AlterTableStmt *s, ast_stmt *out)
{
    if (!table_name(ts, s->relation, out))
        return false;
    out->missing_ok = s->missing_ok;
    out->nalter_cmds = (uint32_t)list_length(s->cmds);
    out->alter_cmds = tr_alloc(ts, sizeof(ast_alter_cmd) * (out->nalter_cmds ? out->nalter_cmds : 1));
    if (!out->alter_cmds)
        return false;
    memset(out->alter_cmds, 0, sizeof(ast_alter_cmd) * (out->nalter_cmds ? out->nalter_cmds : 1));
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->cmds) {
        if (!tr_cmd(ts, lfirst(lc), out, &out->alter_cmds[i++]))
            return false;
    }
    return (out->view_sql = tr_statement_text(ts)) != NULL;
}

/* ALTER VIEW ... SET SCHEMA s (ALTER TABLE ... SET SCHEMA of a view too; of a table it is
   the catalog's 0A000) */
bool tr_alter_object_schema(transform_state *ts, AlterObjectSchemaStmt *s, ast_stmt *out)
{
    if ((s->objectType != OBJECT_VIEW && s->objectType != OBJECT_TABLE) || !s->relation) {
        tr_unsupported(ts, -1, "this form of ALTER ... SET SCHEMA");
        return false;
    }
    if (!table_name(ts, s->relation, out))
        return false;
    out->alter_view = s->objectType == OBJECT_VIEW;
    out->missing_ok = s->missing_ok;
    out->nalter_cmds = 1;
    ast_alter_cmd *a = out->alter_cmds = tr_alloc(ts, sizeof *a);
    if (!a)
        return false;
    memset(a, 0, sizeof *a);
    a->kind = AST_ALTER_SET_SCHEMA;
    a->coldef = -1;
    if (!(a->new_name = tr_strdup(ts, s->newschema)))
        return false;
    return (out->view_sql = tr_statement_text(ts)) != NULL;
}

bool tr_rename(transform_state *ts, RenameStmt *s, ast_stmt *out)
{
    ast_alter_kind kind;
    if (s->renameType == OBJECT_MATVIEW || s->relationType == OBJECT_MATVIEW) {
        tr_unsupported(ts, -1, "ALTER MATERIALIZED VIEW");
        return false;
    }
    switch (s->renameType) {
    case OBJECT_VIEW: /* ALTER VIEW ... RENAME TO */
        out->alter_view = true;
        kind = AST_ALTER_RENAME_TABLE;
        break;
    case OBJECT_TABLE: kind = AST_ALTER_RENAME_TABLE; break;
    case OBJECT_INDEX: kind = AST_ALTER_RENAME_INDEX; break;
    case OBJECT_COLUMN: kind = AST_ALTER_RENAME_COLUMN; break;
    case OBJECT_TABCONSTRAINT: kind = AST_ALTER_RENAME_CONSTRAINT; break;
    default:
        tr_unsupported(ts, -1, "this form of ALTER ... RENAME");
        return false;
    }
    if (kind == AST_ALTER_RENAME_COLUMN && s->relationType != OBJECT_TABLE) {
        if (s->relationType != OBJECT_VIEW) {
            tr_unsupported(ts, -1, "this form of ALTER ... RENAME");
            return false;
        }
        out->alter_view = true; /* ALTER VIEW ... RENAME COLUMN */
    }
    if (!s->relation || !table_name(ts, s->relation, out))
        return false;
    out->missing_ok = s->missing_ok;
    out->nalter_cmds = 1;
    ast_alter_cmd *a = out->alter_cmds = tr_alloc(ts, sizeof *a);
    if (!a)
        return false;
    memset(a, 0, sizeof *a);
    a->kind = kind;
    a->coldef = -1;
    if (s->subname && !(a->column = tr_strdup(ts, s->subname)))
        return false;
    if (!(a->new_name = tr_strdup(ts, s->newname)))
        return false;
    return (out->view_sql = tr_statement_text(ts)) != NULL;
}
