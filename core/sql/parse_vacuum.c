/* parse_vacuum.c — transforms PostgreSQL's VacuumStmt (VACUUM and ANALYZE) into AST_VACUUM:
 * the tables (none: every table) and the options that take effect, VERBOSE and FULL
 * (api/run_vacuum.c).  As PostgreSQL 15's ExecVacuum: an unknown option is 42601 at its
 * position, a non-Boolean value 42601, a column list without ANALYZE 0A000.  ANALYZE (alone or
 * as VACUUM's option) with its column lists computes statistics (api/run_vacuum.c,
 * core/stats).  The options that would change what VACUUM does here
 * (FREEZE, SKIP_LOCKED, INDEX_CLEANUP other than on / auto, TRUNCATE / PROCESS_TOAST off,
 * PARALLEL).  DISABLE_PAGE_SKIPPING is accepted: every VACUUM reads every version. */
#include "sql/transform.h"

#include <string.h>
#include <strings.h>

static bool refuse(transform_state *ts, const char *what)
{
    tr_unsupported(ts, -1, what);
    return false;
}

/* One option of VACUUM (is_vacuum) or ANALYZE. */
static bool vacuum_option(transform_state *ts, const DefElem *d, bool is_vacuum, ast_stmt *out, bool *analyze,
                          bool *skip_all)
{
    const char *name = d->defname;
    bool on = true;
    bool boolean = strcmp(name, "index_cleanup") != 0 && strcmp(name, "parallel") != 0;
    bool known = strcmp(name, "verbose") == 0 || strcmp(name, "skip_locked") == 0 ||
                 (is_vacuum && (strcmp(name, "analyze") == 0 || strcmp(name, "freeze") == 0 ||
                                strcmp(name, "full") == 0 || strcmp(name, "disable_page_skipping") == 0 ||
                                strcmp(name, "index_cleanup") == 0 || strcmp(name, "process_toast") == 0 ||
                                strcmp(name, "truncate") == 0 || strcmp(name, "parallel") == 0));
    if (!known) {
        tr_error(ts, "42601", d->location, "unrecognized %s option \"%s\"", is_vacuum ? "VACUUM" : "ANALYZE", name);
        return false;
    }
    if (boolean && !tr_option_bool(ts, d, &on))
        return false;
    if (strcmp(name, "verbose") == 0) {
        out->vacuum_flags = on ? out->vacuum_flags | AST_VACUUM_VERBOSE : out->vacuum_flags & ~AST_VACUUM_VERBOSE;
    } else if (strcmp(name, "full") == 0) {
        out->vacuum_flags = on ? out->vacuum_flags | AST_VACUUM_FULL : out->vacuum_flags & ~AST_VACUUM_FULL;
    } else if (strcmp(name, "analyze") == 0) {
        *analyze = on;
    } else if (strcmp(name, "disable_page_skipping") == 0) {
        *skip_all = on;
    } else if (strcmp(name, "index_cleanup") == 0) {
        const char *v = d->arg && IsA(d->arg, String) ? strVal(d->arg) : "on";
        if (strcasecmp(v, "on") != 0 && strcasecmp(v, "auto") != 0 && strcasecmp(v, "true") != 0)
            return refuse(ts, "VACUUM (INDEX_CLEANUP) other than ON or AUTO");
    } else if (strcmp(name, "parallel") == 0) {
        return refuse(ts, "VACUUM (PARALLEL)");
    } else if (strcmp(name, "process_toast") == 0 || strcmp(name, "truncate") == 0) {
        if (!on)
            return refuse(ts, strcmp(name, "truncate") == 0 ? "VACUUM (TRUNCATE OFF)" : "VACUUM (PROCESS_TOAST OFF)");
    } else if (on) {
        return refuse(ts, strcmp(name, "freeze") == 0 ? "VACUUM (FREEZE)" : is_vacuum ? "VACUUM (SKIP_LOCKED)"
                                                                                      : "ANALYZE (SKIP_LOCKED)");
    }
    return true;
}

bool tr_vacuum(transform_state *ts, VacuumStmt *s, ast_stmt *out)
{
    out->kind = AST_VACUUM;
    bool analyze = !s->is_vacuumcmd, skip_all = false;
    ListCell *lc;
    foreach (lc, s->options)
        if (!vacuum_option(ts, lfirst(lc), s->is_vacuumcmd, out, &analyze, &skip_all))
            return false;
    if ((out->vacuum_flags & AST_VACUUM_FULL) && skip_all) {
        tr_error(ts, "0A000", -1, "VACUUM option DISABLE_PAGE_SKIPPING cannot be used with FULL");
        return false;
    }
    foreach (lc, s->rels)
        if (((VacuumRelation *)lfirst(lc))->va_cols && !analyze) {
            tr_error(ts, "0A000", -1, "ANALYZE option must be specified when a column list is provided");
            return false;
        }
    if (analyze)
        out->vacuum_flags |= AST_VACUUM_ANALYZE | (s->is_vacuumcmd ? 0 : AST_VACUUM_ONLY_ANALYZE);
    out->ndrop = (uint32_t)list_length(s->rels);
    uint32_t nalloc = out->ndrop ? out->ndrop : 1;
    if (!(out->drop_names = tr_alloc(ts, sizeof(char *) * nalloc)) ||
        !(out->vacuum_cols = tr_alloc(ts, sizeof(char **) * nalloc)) ||
        !(out->vacuum_ncols = tr_alloc(ts, sizeof(uint32_t) * nalloc)))
        return false;
    uint32_t i = 0;
    foreach (lc, s->rels) {
        VacuumRelation *vr = lfirst(lc);
        out->vacuum_cols[i] = NULL;
        out->vacuum_ncols[i] = (uint32_t)list_length(vr->va_cols);
        if (out->vacuum_ncols[i]) {
            if (!(out->vacuum_cols[i] = tr_alloc(ts, sizeof(char *) * out->vacuum_ncols[i])))
                return false;
            uint32_t k = 0;
            ListCell *cc;
            foreach (cc, vr->va_cols)
                out->vacuum_cols[i][k++] = tr_strdup(ts, strVal(lfirst(cc)));
        }
        if (!(out->drop_names[i++] = tr_relation_name(ts, vr->relation)))
            return false;
    }
    return true;
}
