/* settings_txn.c — settings inside a transaction, as PostgreSQL's GUC stack keeps them: the
 * first change of a parameter in a transaction (SET, SET LOCAL, RESET, set_config) remembers
 * its value from before; an aborted transaction puts every such value back, a committed one
 * only those changed by SET LOCAL / set_config(..., true) (back to the last plain SET of the
 * transaction, if any, else to before).  Savepoints do not yet keep their own level. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/settings.h"

struct ss_settings_undo {
    char *name;
    char *before;        /* the value before the transaction; NULL: not set (the default) */
    bool local;          /* changed by SET LOCAL in this transaction */
    bool session_set;    /* a plain SET came too: session_value stands at commit */
    char *session_value; /* NULL with session_set: a RESET */
};

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* The session's own value of name (NULL: none set, the default applies). */
static const char *own_value(const ss_settings *s, const char *name)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (strcasecmp(s->items[i].name, name) == 0)
            return s->items[i].value;
    return NULL;
}

int ss_settings_set_in_txn(ss_ctx *ctx, ss_settings *s, const char *name, const char *value, bool local)
{
    /* validated first: a refused value leaves no entry */
    if (ss_settings_check(ctx, s, name, value))
        return SS_ERROR;
    struct ss_settings_undo *u = NULL;
    for (uint32_t i = 0; i < s->nundo; i++)
        if (strcasecmp(s->undo[i].name, name) == 0)
            u = &s->undo[i];
    if (!u) {
        if (s->nundo == s->cap_undo) {
            uint32_t cap = s->cap_undo ? s->cap_undo * 2 : 4;
            struct ss_settings_undo *p = realloc(s->undo, cap * sizeof *p);
            if (!p)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            s->undo = p;
            s->cap_undo = cap;
        }
        const char *before = own_value(s, name);
        u = &s->undo[s->nundo];
        *u = (struct ss_settings_undo){strdup(name), dup_or_null(before), false, false, NULL};
        if (!u->name || (before && !u->before)) {
            free(u->name);
            free(u->before);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        s->nundo++;
    }
    if (ss_settings_set(ctx, s, name, value))
        return SS_ERROR;
    if (local) {
        u->local = true;
    } else {
        free(u->session_value);
        u->session_set = true;
        const char *now = own_value(s, name);
        u->session_value = dup_or_null(now);
        if (now && !u->session_value)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    return SS_OK;
}

bool ss_settings_txn_end(ss_settings *s, bool commit)
{
    bool changed = false;
    for (uint32_t i = 0; i < s->nundo; i++) {
        struct ss_settings_undo *u = &s->undo[i];
        if (!commit || u->local) {
            const char *to = commit && u->session_set ? u->session_value : u->before;
            ss_error err;
            memset(&err, 0, sizeof err);
            ss_ctx quiet = {.err = &err}; /* a value it held before is valid again */
            ss_settings_set(&quiet, s, u->name, to);
            ss_error_clear(&err);
            changed = true;
        }
        free(u->name);
        free(u->before);
        free(u->session_value);
    }
    s->nundo = 0;
    return changed;
}

void ss_settings_txn_free(ss_settings *s)
{
    for (uint32_t i = 0; i < s->nundo; i++) {
        free(s->undo[i].name);
        free(s->undo[i].before);
        free(s->undo[i].session_value);
    }
    free(s->undo);
    s->undo = NULL;
    s->nundo = s->cap_undo = 0;
}
