/* node_kinds.h — the kernel's table of plan node kinds (the kinds themselves: ss_node_kind in
 * sunstone/operator.h): per kind its name (EXPLAIN, messages), the setting that selects its
 * implementation and the operator that implements it by default.  The one place that knows
 * them; the executor, SET and the settings defaults all read it. */
#ifndef SS_EXEC_NODE_KINDS_H
#define SS_EXEC_NODE_KINDS_H

#include "sunstone/operator.h"

typedef struct ss_node_kind_desc {
    int32_t kind;                 /* ss_node_kind */
    const char *name;             /* "scan" */
    const char *setting;          /* "sunstone.operator_scan" */
    const char *default_operator; /* "scan" */
} ss_node_kind_desc;

/* The descriptor of kind, or NULL for a kind the kernel does not know. */
const ss_node_kind_desc *ss_node_kind_find(int32_t kind);
/* The descriptor whose selecting setting is name (case-insensitive), or NULL. */
const ss_node_kind_desc *ss_node_kind_by_setting(const char *name);
/* The kind's name, "unknown" for a kind the kernel does not know. */
const char *ss_node_kind_name(int32_t kind);

#endif
