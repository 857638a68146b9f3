/* node_kinds.c — the table of plan node kinds (node_kinds.h). */
#include "exec/node_kinds.h"

#include <strings.h>

/* The row of kind k sits at index k; numbers no kind has (0, and those not yet assigned)
 * leave an empty row (name NULL). */
#define KIND(k, name) [k] = {k, name, "sunstone.operator_" name, name}

static const ss_node_kind_desc kinds[] = {
    KIND(SS_NODE_SCAN, "scan"),   KIND(SS_NODE_FILTER, "filter"),       KIND(SS_NODE_PROJECT, "project"),
    KIND(SS_NODE_LIMIT, "limit"), KIND(SS_NODE_SORT, "sort"),           KIND(SS_NODE_AGGREGATE, "aggregate"),
    KIND(SS_NODE_VALUES, "values"), KIND(SS_NODE_HASH_JOIN, "hash_join"), KIND(SS_NODE_NESTED_LOOP, "nested_loop"),
    KIND(SS_NODE_APPEND, "append"),   KIND(SS_NODE_SETOP, "setop"),
    KIND(SS_NODE_CTE_SCAN, "cte_scan"), KIND(SS_NODE_RECURSIVE_UNION, "recursive_union"),
    KIND(SS_NODE_WORKTABLE_SCAN, "worktable_scan"),
    KIND(SS_NODE_FUNCTION_SCAN, "function_scan"), KIND(SS_NODE_UNIQUE, "unique"),
    KIND(SS_NODE_NESTED_LOOP_PARAM, "nested_loop_param"),
    KIND(SS_NODE_INDEX_SCAN, "index_scan"),
    KIND(SS_NODE_WINDOW, "window"),
};
_Static_assert(sizeof kinds / sizeof kinds[0] == SS_NODE_BUILTIN_END,
               "the last built-in node kind of sunstone/operator.h has the last row here");

const ss_node_kind_desc *ss_node_kind_find(int32_t kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].name && kinds[i].kind == kind)
            return &kinds[i];
    return NULL;
}

const ss_node_kind_desc *ss_node_kind_by_setting(const char *name)
{
    /* every setting of the table starts so: other names (timezone, read at every step)
       need no walk of the table */
    if (strncasecmp(name, "sunstone.operator_", 18) != 0)
        return NULL;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].name && strcasecmp(kinds[i].setting, name) == 0)
            return &kinds[i];
    return NULL;
}

const char *ss_node_kind_name(int32_t kind)
{
    const ss_node_kind_desc *d = ss_node_kind_find(kind);
    return d ? d->name : "unknown";
}
