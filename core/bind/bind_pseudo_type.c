/* bind_pseudo_type.c — PostgreSQL's CheckAttributeType for the pseudo-types Sunstone has,
 * record (and record[]) and void: no table or view column may have them (42P16); a column of
 * a table's row type is not supported (0A000). */
#include "bind/binder_internal.h"
#include "types/record/record.h"

int bind_check_column_type(binder *b, const char *name, ss_type t)
{
    const rec_desc *d = t.id == SS_TYPE_RECORD || t.id == SS_TYPE_RECORD_ARRAY ? rec_desc_get(t.typmod) : NULL;
    if (d && d->name)
        return SS_OK; /* a table's or view's row type, or an array of one */
    if (t.id == SS_TYPE_VOID)
        return bind_error(b, -1, "42P16", "column \"%s\" has pseudo-type void", name);
    if (t.id == SS_TYPE_RECORD || t.id == SS_TYPE_RECORD_ARRAY)
        return bind_error(b, -1, "42P16", "column \"%s\" has pseudo-type %s", name,
                          t.id == SS_TYPE_RECORD ? "record" : "record[]");
    return SS_OK;
}
