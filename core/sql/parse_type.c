/* parse_type.c — CREATE TYPE ... AS ENUM, ALTER TYPE (ADD VALUE, RENAME VALUE, RENAME TO) and
 * DROP TYPE into their AST (ast.h AST_CREATE_TYPE / AST_ALTER_TYPE / AST_DROP_TYPE); the
 * type's name is a reference as relations' are ("t" or "s.t"), which catalog/type_ddl.c
 * resolves.  The other forms of CREATE TYPE are 0A000 in parse_stmt.c. */
#include "sql/transform.h"

#include <string.h>

/* The reference of a type name given as a list of Strings (NULL: an error). */
static const char *type_ref(transform_state *ts, List *names)
{
    if (list_length(names) > 2) {
        tr_unsupported(ts, -1, "cross-database references");
        return NULL;
    }
    return tr_qualified_ref(ts, list_length(names) == 2 ? strVal(linitial(names)) : NULL, strVal(llast(names)), -1);
}

bool tr_create_enum(transform_state *ts, CreateEnumStmt *s, ast_stmt *out)
{
    out->kind = AST_CREATE_TYPE;
    if (!(out->table = type_ref(ts, s->typeName)))
        return false;
    out->nenum_labels = (uint32_t)list_length(s->vals);
    out->enum_labels = tr_alloc(ts, sizeof(char *) * (out->nenum_labels ? out->nenum_labels : 1));
    if (!out->enum_labels)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->vals)
        if (!(out->enum_labels[i++] = tr_strdup(ts, strVal(lfirst(lc)))))
            return false;
    return true;
}

bool tr_alter_enum(transform_state *ts, AlterEnumStmt *s, ast_stmt *out)
{
    out->kind = AST_ALTER_TYPE;
    if (!(out->table = type_ref(ts, s->typeName)))
        return false;
    if (s->oldVal) { /* RENAME VALUE old TO new */
        out->alter_type = AST_ALTER_TYPE_RENAME_VALUE;
        out->value = tr_strdup(ts, s->oldVal);
        out->str = tr_strdup(ts, s->newVal);
        return out->value && out->str;
    }
    out->alter_type = AST_ALTER_TYPE_ADD_VALUE;
    out->str = tr_strdup(ts, s->newVal);
    out->value = s->newValNeighbor ? tr_strdup(ts, s->newValNeighbor) : NULL;
    out->enum_after = s->newValIsAfter;
    out->if_not_exists = s->skipIfNewValExists;
    return out->str && (!s->newValNeighbor || out->value);
}

bool tr_rename_type(transform_state *ts, RenameStmt *s, ast_stmt *out)
{
    out->kind = AST_ALTER_TYPE;
    out->alter_type = AST_ALTER_TYPE_RENAME;
    if (!IsA(s->object, List)) {
        tr_unsupported(ts, -1, "this form of ALTER TYPE");
        return false;
    }
    if (!(out->table = type_ref(ts, (List *)s->object)))
        return false;
    out->str = tr_strdup(ts, s->newname);
    return out->str != NULL;
}

bool tr_drop_type(transform_state *ts, DropStmt *s, ast_stmt *out)
{
    out->kind = AST_DROP_TYPE;
    out->cascade = s->behavior == DROP_CASCADE;
    out->missing_ok = s->missing_ok;
    out->ndrop = (uint32_t)list_length(s->objects);
    out->drop_names = tr_alloc(ts, sizeof(char *) * (out->ndrop ? out->ndrop : 1));
    if (!out->drop_names)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->objects) {
        TypeName *tn = lfirst(lc);
        if (tn->arrayBounds) {
            tr_unsupported(ts, -1, "DROP TYPE of an array type");
            return false;
        }
        if (!(out->drop_names[i++] = type_ref(ts, tn->names)))
            return false;
    }
    return true;
}
