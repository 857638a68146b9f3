/* bind_column_hint.c — the HINT of PostgreSQL's "column ... does not exist" (its
 * errorMissingColumn): the closest column names of every FROM entry of the query being bound
 * and of the queries around it, by edit distance, or the exact name in an entry that this part
 * of the query cannot reference.
 *
 * The rule, as PostgreSQL applies it: entries are searched innermost query first, each in
 * FROM order, join entries skipped.  With a qualifier, an entry's penalty is the edit distance
 * between the qualifier and its name; without one it is 0.  A column counts when its own
 * distance is at most half the length of the name typed; its score is that distance plus the
 * penalty, and scores above 3 never count.  The lowest score wins; two columns of the same
 * score are both named; a third of that score cancels them all (and then only a lower score
 * counts).  An exact name in an entry of penalty 0 ends the search: it is there but cannot be
 * referenced from here. */
#include <stdlib.h>
#include <string.h>

#include "bind/binder_internal.h"

#define MAX_FUZZY_DISTANCE 3

typedef struct fuzzy_match {
    int distance;
    const range_entry *first, *second; /* first NULL: none; first set, col -1: exact */
    int64_t first_col, second_col;
} fuzzy_match;

/* The code points of UTF-8 s (len bytes) into out (room for len), their count. */
static size_t code_points(const char *s, size_t len, uint32_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        uint32_t cp = k == 1 ? c : (uint32_t)(c & (0x3F >> (k - 1)));
        for (size_t j = 1; j < k && i + j < len; j++)
            cp = (cp << 6) | ((unsigned char)s[i + j] & 0x3F);
        out[n++] = cp;
        i += k;
    }
    return n;
}

/* Levenshtein distance (insert, delete and substitute cost 1) in characters; -1 when out of
 * memory. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    uint32_t *ca = malloc((la + 1) * sizeof *ca), *cb = malloc((lb + 1) * sizeof *cb);
    int *row = malloc((lb + 1) * sizeof *row);
    int result = -1;
    if (ca && cb && row) {
        size_t na = code_points(a, la, ca), nb = code_points(b, lb, cb);
        for (size_t j = 0; j <= nb; j++)
            row[j] = (int)j;
        for (size_t i = 1; i <= na; i++) {
            int diag = row[0];
            row[0] = (int)i;
            for (size_t j = 1; j <= nb; j++) {
                int up = row[j];
                int best = diag + (ca[i - 1] != cb[j - 1]);
                if (up + 1 < best)
                    best = up + 1;
                if (row[j - 1] + 1 < best)
                    best = row[j - 1] + 1;
                row[j] = best;
                diag = up;
            }
        }
        result = row[nb];
    }
    free(ca);
    free(cb);
    free(row);
    return result;
}

static size_t char_count(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void consider(fuzzy_match *m, const range_entry *e, int64_t col, int penalty, const char *typed)
{
    const char *actual = e->col_names[col];
    if (penalty > m->distance || !actual || !actual[0])
        return;
    int d = edit_distance(actual, typed);
    if (d < 0 || (size_t)d > char_count(typed) / 2)
        return;
    d += penalty;
    if (d < m->distance) {
        *m = (fuzzy_match){d, e, NULL, col, -1};
    } else if (d == m->distance) {
        if (m->second) {
            /* too many at this score: only a lower one can count now */
            *m = (fuzzy_match){d - 1, NULL, NULL, -1, -1};
        } else if (m->first) {
            m->second = e;
            m->second_col = col;
        } else if (m->distance <= MAX_FUZZY_DISTANCE) {
            m->first = e;
            m->first_col = col;
        }
    }
}

/* Searches the entries [lo, hi); true when an exact match ended the search. */
static bool search_entries(const binder *b, uint32_t lo, uint32_t hi, const char *alias, const char *col,
                           fuzzy_match *m)
{
    for (uint32_t r = lo; r < hi; r++) {
        const range_entry *e = &b->scope[r];
        if (!e->ref || e->src_entry) /* a join's own entry: its sides are searched */
            continue;
        int penalty = 0;
        if (alias) {
            penalty = edit_distance(alias, e->ref);
            if (penalty < 0)
                return false;
        }
        bool exact = false;
        for (uint32_t i = 0; i < e->ncols; i++) {
            if (e->col_names[i] && strcmp(e->col_names[i], col) == 0)
                exact = true;
            consider(m, e, i, penalty, col);
        }
        if (exact && penalty == 0) {
            *m = (fuzzy_match){0, e, NULL, -1, -1};
            return true;
        }
    }
    return false;
}

void hint_missing_column(binder *b, const char *alias, const char *col)
{
    fuzzy_match m = {MAX_FUZZY_DISTANCE + 1, NULL, NULL, -1, -1};
    /* the query being bound, then the ones around it (their entries lie below scope_base) */
    if (!search_entries(b, b->scope_base, b->nscope, alias, col, &m))
        search_entries(b, 0, b->scope_base, alias, col, &m);
    if (!m.first)
        return;
    if (m.first_col < 0)
        ss_ctx_error_hint(b->ctx, "There is a column named \"%s\" in table \"%s\", but it cannot be referenced "
                          "from this part of the query.", col, m.first->ref);
    else if (!m.second)
        ss_ctx_error_hint(b->ctx, "Perhaps you meant to reference the column \"%s.%s\".", m.first->ref,
                          m.first->col_names[m.first_col]);
    else
        ss_ctx_error_hint(b->ctx, "Perhaps you meant to reference the column \"%s.%s\" or the column \"%s.%s\".",
                          m.first->ref, m.first->col_names[m.first_col], m.second->ref,
                          m.second->col_names[m.second_col]);
}
