/* transform_util.c — error recording and arena helpers for the parse-tree transform. */
#include "sql/transform.h"

#include "sql/split.h"
#include "util/stack_depth.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void tr_error(transform_state *ts, const char *sqlstate, int location, const char *fmt, ...)
{
    if (ts->failed)
        return;
    ts->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ts->err->message, sizeof ts->err->message, fmt, ap);
    va_end(ap);
    snprintf(ts->err->sqlstate, sizeof ts->err->sqlstate, "%s", sqlstate);
    ts->err->position = location >= 0 ? location + 1 : 0;
    ts->err->position_in_bytes = true;
}

void tr_unsupported(transform_state *ts, int location, const char *what)
{
    tr_error(ts, "0A000", location, "feature not supported: %s", what);
}

static bool word_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
}

const char *tr_words(const transform_state *ts, int location, int nwords, bool (*more)(const char *word),
                     char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    const char *p = location >= 0 && ts->sql ? ts->sql + ss_sql_skip_empty(ts->sql, SIZE_MAX, (size_t)location) : "";
    for (int w = 0;; w++) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!word_char(*p, true))
            break;
        if (n && n + 1 < size)
            buf[n++] = ' ';
        size_t start = n;
        for (; word_char(*p, false); p++)
            if (n + 1 < size)
                buf[n++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
        buf[n] = '\0';
        if (w + 1 >= nwords && !(more && more(buf + start)))
            break;
    }
    return buf;
}

void tr_unsupported_words(transform_state *ts, int location, int nwords, const char *suffix)
{
    char name[128];
    tr_words(ts, location, nwords, NULL, name, sizeof name);
    tr_error(ts, "0A000", location, "feature not supported: %s%s", name[0] ? name : "this construct", suffix);
}

void *tr_alloc(transform_state *ts, size_t n)
{
    void *p = ss_arena_alloc(ts->arena, n);
    if (!p)
        tr_error(ts, "53200", -1, "out of memory");
    return p;
}

const char *tr_strdup(transform_state *ts, const char *s)
{
    if (!s)
        return NULL;
    char *p = ss_arena_strdup(ts->arena, s);
    if (!p)
        tr_error(ts, "53200", -1, "out of memory");
    return p;
}

bool tr_check_stack(transform_state *ts)
{
    if (!ss_stack_too_deep())
        return false;
    tr_error(ts, "54001", -1, SS_STACK_DEPTH_MESSAGE);
    ss_stack_hint(ts->err->hint, sizeof ts->err->hint);
    return true;
}

/* PostgreSQL's exprLocation reaches the leftmost token by recursing down the left operand,
 * which overflows the stack on a deep chain; this walks the same left spine in a loop. */
int tr_location(const Node *n)
{
    int best = -1;
    while (n) {
        int loc = -1;
        const Node *next = NULL;
        switch (nodeTag(n)) {
        case T_A_Expr:
            loc = ((const A_Expr *)n)->location;
            next = ((const A_Expr *)n)->lexpr;
            break;
        case T_TypeCast:
            loc = ((const TypeCast *)n)->location;
            next = ((const TypeCast *)n)->arg;
            break;
        case T_CollateClause:
            loc = ((const CollateClause *)n)->location;
            next = ((const CollateClause *)n)->arg;
            break;
        case T_A_Indirection:
            next = ((const A_Indirection *)n)->arg;
            break;
        case T_BoolExpr:
            loc = ((const BoolExpr *)n)->location;
            next = (const Node *)((const BoolExpr *)n)->args;
            break;
        case T_NullTest:
            loc = ((const NullTest *)n)->location;
            next = (const Node *)((const NullTest *)n)->arg;
            break;
        case T_BooleanTest:
            loc = ((const BooleanTest *)n)->location;
            next = (const Node *)((const BooleanTest *)n)->arg;
            break;
        case T_SubLink:
            loc = ((const SubLink *)n)->location;
            next = ((const SubLink *)n)->testexpr;
            break;
        case T_JoinExpr:
            next = ((const JoinExpr *)n)->larg;
            break;
        case T_List:
            next = list_length((const List *)n) ? linitial((const List *)n) : NULL;
            break;
        case T_ColumnRef: loc = ((const ColumnRef *)n)->location; break;
        case T_ParamRef: loc = ((const ParamRef *)n)->location; break;
        case T_A_Const: loc = ((const A_Const *)n)->location; break;
        case T_FuncCall: loc = ((const FuncCall *)n)->location; break;
        case T_CaseExpr: loc = ((const CaseExpr *)n)->location; break;
        case T_CoalesceExpr: loc = ((const CoalesceExpr *)n)->location; break;
        case T_MinMaxExpr: loc = ((const MinMaxExpr *)n)->location; break;
        case T_NullIfExpr: loc = ((const NullIfExpr *)n)->location; break;
        case T_A_ArrayExpr: loc = ((const A_ArrayExpr *)n)->location; break;
        case T_RowExpr: loc = ((const RowExpr *)n)->location; break;
        case T_SQLValueFunction: loc = ((const SQLValueFunction *)n)->location; break;
        case T_XmlExpr: loc = ((const XmlExpr *)n)->location; break;
        case T_XmlSerialize: loc = ((const XmlSerialize *)n)->location; break;
        case T_GroupingFunc: loc = ((const GroupingFunc *)n)->location; break;
        case T_GroupingSet: loc = ((const GroupingSet *)n)->location; break;
        case T_SetToDefault: loc = ((const SetToDefault *)n)->location; break;
        case T_ResTarget: loc = ((const ResTarget *)n)->location; break;
        case T_SortBy: loc = ((const SortBy *)n)->location; break;
        case T_WindowDef: loc = ((const WindowDef *)n)->location; break;
        case T_RangeVar: loc = ((const RangeVar *)n)->location; break;
        case T_RangeTableSample: loc = ((const RangeTableSample *)n)->location; break;
        case T_TypeName: loc = ((const TypeName *)n)->location; break;
        case T_ColumnDef: loc = ((const ColumnDef *)n)->location; break;
        case T_Constraint: loc = ((const Constraint *)n)->location; break;
        case T_CurrentOfExpr: break;
        case T_RangeFunction:
            next = (const Node *)((const RangeFunction *)n)->functions;
            break;
        default:
            break;
        }
        if (loc >= 0 && (best < 0 || loc < best))
            best = loc;
        n = next;
    }
    return best;
}

bool tr_refuse_first(transform_state *ts, int location, const tr_refusal *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (r[i].when) {
            tr_unsupported(ts, location, r[i].what);
            return true;
        }
    return false;
}

bool tr_name_array(transform_state *ts, List *names, const char ***out, uint32_t *n)
{
    *n = (uint32_t)list_length(names);
    *out = NULL;
    if (!*n)
        return true;
    if (!(*out = tr_alloc(ts, sizeof(char *) * *n)))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, names)
        (*out)[i++] = tr_strdup(ts, strVal(lfirst(lc)));
    return true;
}
