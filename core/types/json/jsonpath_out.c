/* jsonpath_out.c — the normalised text of a parsed SQL/JSON path, as PostgreSQL 15's
 * jsonpath_out (printJsonPathItem) prints it: "strict " when strict, keys and variables quoted
 * ($."a", $"x"), numbers as numeric_out, operations parenthesised when their priority is not
 * above their parent's and at the top, filters as ?(...), methods as .name(). */
#include "types/json/jsonpath.h"
#include "types/numeric/numeric.h"

#include <stdio.h>

static void item(const jp_node *n, ss_strbuf *out, bool in_key, bool brackets);

/* PostgreSQL's operationPriority */
static int priority(const jp_node *n)
{
    switch (n->kind) {
    case JP_BINARY:
        switch (n->op) {
        case JPO_OR: return 0;
        case JPO_AND: return 1;
        case JPO_ADD:
        case JPO_SUB: return 3;
        case JPO_MUL:
        case JPO_DIV:
        case JPO_MOD: return 4;
        default: return 2;
        }
    case JP_STARTS: return 2;
    case JP_UNARY: return 5;
    default: return 6;
    }
}

static void put(ss_strbuf *out, const char *s)
{
    ss_strbuf_append(out, s, strlen(s));
}

static bool is_accessor(const jp_node *n);

/* The first item of n's chain of accessors (whose priority PostgreSQL's printer weighs). */
static const jp_node *head(const jp_node *n)
{
    while (is_accessor(n) && n->arg)
        n = n->arg;
    return n;
}

static void operand(const jp_node *n, const jp_node *parent, ss_strbuf *out)
{
    item(n, out, false, priority(head(n)) <= priority(parent));
}

static void levels(uint32_t v, ss_strbuf *out)
{
    char b[16];
    if (v == JP_ANY_LAST)
        put(out, "last");
    else {
        snprintf(b, sizeof b, "%u", v);
        put(out, b);
    }
}

/* One item without its input (the accessor part when in_key). */
static void self(const jp_node *n, ss_strbuf *out, bool in_key, bool brackets, bool has_next)
{
    static const char *const ops[] = {"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||"};
    static const char *const methods[] = {".size()",  ".type()",    ".double()",   ".abs()",
                                          ".floor()", ".ceiling()", ".keyvalue()", ".datetime("};
    switch (n->kind) {
    case JP_ROOT: put(out, "$"); break;
    case JP_CURRENT: put(out, "@"); break;
    case JP_LAST: put(out, "last"); break;
    case JP_VAR:
        put(out, "$");
        json_escape(n->s, n->len, out);
        break;
    case JP_KEY:
        if (in_key)
            put(out, ".");
        json_escape(n->s, n->len, out);
        break;
    case JP_ANYKEY:
        put(out, in_key ? ".*" : "*");
        break;
    case JP_ANYELEM: put(out, "[*]"); break;
    case JP_ANY:
        if (in_key)
            put(out, ".");
        put(out, "**");
        if (n->first == 0 && n->last == JP_ANY_LAST)
            break;
        put(out, "{");
        levels(n->first, out);
        if (n->first != n->last) {
            put(out, " to ");
            levels(n->last, out);
        }
        put(out, "}");
        break;
    case JP_INDEX:
        put(out, "[");
        for (uint32_t k = 0; k < n->nsubs; k++) {
            if (k)
                put(out, ",");
            item(n->subs[2 * k], out, false, false);
            if (n->subs[2 * k + 1]) {
                put(out, " to ");
                item(n->subs[2 * k + 1], out, false, false);
            }
        }
        put(out, "]");
        break;
    case JP_FILTER:
        put(out, "?(");
        item(n->right, out, false, false);
        put(out, ")");
        break;
    case JP_METHOD:
        put(out, methods[n->op]);
        if (n->op == JPM_DATETIME) {
            if (n->has_template)
                json_escape(n->s, n->len, out);
            put(out, ")");
        }
        break;
    case JP_LITERAL:
        switch (n->lit.kind) {
        case JB_STRING: json_escape(n->lit.s, n->lit.len, out); break;
        case JB_NUMBER: {
            ss_text t = {n->lit.s, n->lit.len, 0};
            if (has_next)
                put(out, "(");
            num_format(&t, out);
            if (has_next)
                put(out, ")");
            break;
        }
        case JB_TRUE: put(out, "true"); break;
        case JB_FALSE: put(out, "false"); break;
        default: put(out, "null"); break;
        }
        break;
    case JP_BINARY:
    case JP_STARTS:
        if (brackets)
            put(out, "(");
        operand(n->left, n, out);
        put(out, " ");
        put(out, n->kind == JP_STARTS ? "starts with" : ops[n->op]);
        put(out, " ");
        operand(n->right, n, out);
        if (brackets)
            put(out, ")");
        break;
    case JP_LIKE:
        if (brackets)
            put(out, "(");
        operand(n->left, n, out);
        put(out, " like_regex ");
        json_escape(n->s, n->len, out);
        if (n->flags && n->flen) {
            put(out, " flag \"");
            static const char order[] = "ismxq";
            for (const char *f = order; *f; f++)
                if (memchr(n->flags, *f, n->flen))
                    ss_strbuf_append(out, f, 1);
            put(out, "\"");
        }
        if (brackets)
            put(out, ")");
        break;
    case JP_UNARY:
        if (brackets)
            put(out, "(");
        ss_strbuf_append(out, n->op == '-' ? "-" : "+", 1);
        operand(n->left, n, out);
        if (brackets)
            put(out, ")");
        break;
    case JP_NOT:
        put(out, "!(");
        item(n->left, out, false, false);
        put(out, ")");
        break;
    case JP_UNKNOWN:
        put(out, "(");
        item(n->left, out, false, false);
        put(out, ") is unknown");
        break;
    case JP_EXISTS:
        put(out, "exists (");
        item(n->left, out, false, false);
        put(out, ")");
        break;
    default: break;
    }
}

/* The accessor kinds, whose input is arg (a chain: the input printed first). */
static bool is_accessor(const jp_node *n)
{
    switch (n->kind) {
    case JP_KEY:
    case JP_ANYKEY:
    case JP_ANYELEM:
    case JP_ANY:
    case JP_INDEX:
    case JP_FILTER:
    case JP_METHOD: return true;
    default: return false;
    }
}

/* n printed with in_key / brackets for the chain's first item, as printJsonPathItem: the
 * items after the first print with in_key. */
static void chain(const jp_node *n, ss_strbuf *out, bool in_key, bool brackets, bool has_next)
{
    if (is_accessor(n) && n->arg) {
        chain(n->arg, out, in_key, brackets, true);
        self(n, out, true, true, has_next);
        return;
    }
    self(n, out, in_key, brackets, has_next);
}

static void item(const jp_node *n, ss_strbuf *out, bool in_key, bool brackets)
{
    chain(n, out, in_key, brackets, false);
}

void jp_print(const jp_path *path, ss_strbuf *out)
{
    if (path->strict)
        put(out, "strict ");
    item(path->expr, out, false, true);
}
