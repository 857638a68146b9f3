/* as_of_rewrite.c — finding and rewriting AS OF clauses with libpg_query's scanner
 * (as_of_rewrite.h). */
#include "sql/as_of_rewrite.h"

#include <pg_query.h>
#include <pg_query/pg_query.pb-c.h>
#include <stdlib.h>
#include <string.h>

void ss_as_of_sites_free(ss_as_of_sites *sites)
{
    free(sites->offsets);
    free(sites->timestamp);
    memset(sites, 0, sizeof *sites);
}

static bool is_name(const PgQuery__ScanToken *t)
{
    return t->token == PG_QUERY__TOKEN__IDENT || t->keyword_kind == PG_QUERY__KEYWORD_KIND__UNRESERVED_KEYWORD;
}

static int tok(PgQuery__ScanToken **toks, size_t n, size_t i)
{
    return i < n ? (int)toks[i]->token : -1;
}

/* The end (token index past it) of an alias after a clause ending before token i: [AS] name
   [(column, ...)]; i itself when there is none. */
static size_t alias_end(PgQuery__ScanToken **toks, size_t n, size_t i)
{
    size_t j = i;
    if (tok(toks, n, j) == PG_QUERY__TOKEN__AS)
        j++;
    if (j >= n || !is_name(toks[j]))
        return i;
    j++;
    if (tok(toks, n, j) == PG_QUERY__TOKEN__ASCII_40) { /* a column alias list */
        int depth = 0;
        for (; j < n; j++) {
            if (toks[j]->token == PG_QUERY__TOKEN__ASCII_40)
                depth++;
            else if (toks[j]->token == PG_QUERY__TOKEN__ASCII_41 && --depth == 0)
                return j + 1;
        }
        return i; /* unbalanced: leave it to the grammar */
    }
    return j;
}

static bool add_site(ss_as_of_sites *sites, int offset, bool timestamp)
{
    int *o = realloc(sites->offsets, (sites->n + 1) * sizeof *o);
    if (!o)
        return false;
    sites->offsets = o;
    bool *t = realloc(sites->timestamp, (sites->n + 1) * sizeof *t);
    if (!t)
        return false;
    sites->timestamp = t;
    sites->offsets[sites->n] = offset;
    sites->timestamp[sites->n++] = timestamp;
    return true;
}

/* Rewrites the clause whose AS is token i and whose value is token i + 3, in place in out;
   false when the rewritten form does not fit (it always does for one-letter methods). */
static bool rewrite_clause(const char *text, char *out, PgQuery__ScanToken **toks, size_t n, size_t i,
                           ss_as_of_sites *sites, bool *oom)
{
    bool timestamp = toks[i + 2]->token == PG_QUERY__TOKEN__TIMESTAMP;
    size_t value = i + 3, after = alias_end(toks, n, i + 4);
    int start = toks[i]->start;
    int end = after > i + 4 ? toks[after - 1]->end : toks[value]->end;
    size_t span = (size_t)(end - start), k = 0;
    char *buf = malloc(span + 1);
    if (!buf) {
        *oom = true;
        return false;
    }
    if (after > i + 4) { /* the alias moves before TABLESAMPLE, as the grammar wants it */
        size_t from = toks[i + 4]->token == PG_QUERY__TOKEN__AS ? i + 5 : i + 4;
        size_t alen = (size_t)(toks[after - 1]->end - toks[from]->start);
        memcpy(buf, text + toks[from]->start, alen);
        k = alen;
        buf[k++] = ' ';
    }
    int site = start + (int)k + 12; /* the method name, where the grammar puts the location */
    const char *method = timestamp ? "TABLESAMPLE t(" : "TABLESAMPLE x(";
    size_t mlen = strlen(method), vlen = (size_t)(toks[value]->end - toks[value]->start);
    if (k + mlen + vlen + 1 > span) {
        free(buf);
        return false;
    }
    memcpy(buf + k, method, mlen);
    k += mlen;
    memcpy(buf + k, text + toks[value]->start, vlen);
    k += vlen;
    buf[k++] = ')';
    memset(buf + k, ' ', span - k);
    memcpy(out + start, buf, span);
    free(buf);
    if (!add_site(sites, site, timestamp)) {
        *oom = true;
        return false;
    }
    return true;
}

char *ss_as_of_rewrite(const char *text, size_t len, ss_as_of_sites *sites, bool *oom)
{
    memset(sites, 0, sizeof *sites);
    *oom = false;
    char *out = malloc(len + 1);
    if (!out) {
        *oom = true;
        return NULL;
    }
    memcpy(out, text, len);
    out[len] = '\0';
    PgQueryScanResult scan = pg_query_scan(out);
    PgQuery__ScanResult *r = NULL;
    if (!scan.error)
        r = pg_query__scan_result__unpack(NULL, scan.pbuf.len, (const uint8_t *)scan.pbuf.data);
    bool any = false;
    if (r) {
        PgQuery__ScanToken **toks = r->tokens;
        size_t n = r->n_tokens;
        for (size_t i = 1; i + 3 < n && !*oom; i++) {
            /* after a relation's name: an identifier or a keyword that is not reserved */
            const PgQuery__ScanToken *prev = toks[i - 1];
            bool after_name = prev->token == PG_QUERY__TOKEN__IDENT ||
                              (prev->keyword_kind != PG_QUERY__KEYWORD_KIND__NO_KEYWORD &&
                               prev->keyword_kind != PG_QUERY__KEYWORD_KIND__RESERVED_KEYWORD);
            if (toks[i]->token != PG_QUERY__TOKEN__AS || toks[i + 1]->token != PG_QUERY__TOKEN__OF || !after_name)
                continue;
            int kind = toks[i + 2]->token, value = toks[i + 3]->token;
            bool ok = (kind == PG_QUERY__TOKEN__TIMESTAMP && value == PG_QUERY__TOKEN__SCONST) ||
                      (kind == PG_QUERY__TOKEN__TRANSACTION &&
                       (value == PG_QUERY__TOKEN__ICONST || value == PG_QUERY__TOKEN__FCONST));
            if (ok && rewrite_clause(text, out, toks, n, i, sites, oom)) {
                any = true;
                i += 3;
            }
        }
        pg_query__scan_result__free_unpacked(r, NULL);
    }
    pg_query_free_scan_result(scan);
    if (!any || *oom) {
        free(out);
        ss_as_of_sites_free(sites);
        return NULL;
    }
    return out;
}
