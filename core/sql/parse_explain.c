/* parse_explain.c — EXPLAIN's options, as PostgreSQL 15's ExplainQuery reads them: ANALYZE,
 * TIMING, SUMMARY and COSTS take effect; VERBOSE, BUFFERS, WAL, SETTINGS and a FORMAT other
 * than TEXT are refused with 0A000 when switched on; an unknown option is 42601 at its
 * position, a value that is not a Boolean 42601 ("analyze requires a Boolean value"), WAL or
 * TIMING without ANALYZE 22023. */
#include "sql/transform.h"

#include <stdio.h>
#include <strings.h>

/* defGetBoolean: no value is true; 0 / 1, true / false, on / off. */
bool tr_option_bool(transform_state *ts, const DefElem *d, bool *out)
{
    if (!d->arg) {
        *out = true;
        return true;
    }
    if (IsA(d->arg, Integer)) {
        int v = intVal(d->arg);
        if (v == 0 || v == 1) {
            *out = v == 1;
            return true;
        }
    } else if (IsA(d->arg, String)) {
        const char *s = strVal(d->arg);
        if (!strcasecmp(s, "true") || !strcasecmp(s, "on")) {
            *out = true;
            return true;
        }
        if (!strcasecmp(s, "false") || !strcasecmp(s, "off")) {
            *out = false;
            return true;
        }
    }
    tr_error(ts, "42601", -1, "%s requires a Boolean value", d->defname);
    return false;
}

/* defGetString of FORMAT's value, lower case as the grammar gives keywords. */
static const char *option_string(transform_state *ts, const DefElem *d, char *buf, size_t size)
{
    if (!d->arg) {
        tr_error(ts, "42601", -1, "%s requires a parameter", d->defname);
        return NULL;
    }
    if (IsA(d->arg, Integer))
        snprintf(buf, size, "%d", intVal(d->arg));
    else if (IsA(d->arg, String))
        snprintf(buf, size, "%s", strVal(d->arg));
    else if (IsA(d->arg, Float))
        snprintf(buf, size, "%s", castNode(Float, d->arg)->fval);
    else
        snprintf(buf, size, "%s", "");
    return buf;
}

/* The Boolean options, in PostgreSQL's order. */
enum { OPT_ANALYZE, OPT_VERBOSE, OPT_COSTS, OPT_BUFFERS, OPT_WAL, OPT_SETTINGS, OPT_TIMING, OPT_SUMMARY, OPT_NBOOL };
static const char *const bool_options[OPT_NBOOL] = {"analyze", "verbose", "costs", "buffers",
                                                    "wal",     "settings", "timing", "summary"};

bool tr_explain_options(transform_state *ts, List *options, uint32_t *flags)
{
    bool on[OPT_NBOOL] = {false}, given[OPT_NBOOL] = {false};
    const char *format = "text";
    char fmt[64];
    ListCell *lc;
    foreach (lc, options) {
        DefElem *d = lfirst_node(DefElem, lc);
        const char *name = d->defname;
        int k = 0;
        while (k < OPT_NBOOL && strcmp(name, bool_options[k]))
            k++;
        if (k < OPT_NBOOL) {
            if (!tr_option_bool(ts, d, &on[k]))
                return false;
            given[k] = true;
        } else if (!strcmp(name, "format")) {
            if (!(format = option_string(ts, d, fmt, sizeof fmt)))
                return false;
            if (strcmp(format, "text") && strcmp(format, "xml") && strcmp(format, "json") && strcmp(format, "yaml")) {
                tr_error(ts, "22023", d->location, "unrecognized value for EXPLAIN option \"%s\": \"%s\"", name,
                         format);
                return false;
            }
        } else {
            tr_error(ts, "42601", d->location, "unrecognized EXPLAIN option \"%s\"", name);
            return false;
        }
    }
    bool analyze = on[OPT_ANALYZE];
    if (on[OPT_WAL] && !analyze) {
        tr_error(ts, "22023", -1, "EXPLAIN option WAL requires ANALYZE");
        return false;
    }
    bool timing = given[OPT_TIMING] ? on[OPT_TIMING] : analyze;
    if (timing && !analyze) {
        tr_error(ts, "22023", -1, "EXPLAIN option TIMING requires ANALYZE");
        return false;
    }
    bool summary = given[OPT_SUMMARY] ? on[OPT_SUMMARY] : analyze;
    const char *refused = on[OPT_VERBOSE]            ? "EXPLAIN option VERBOSE"
                          : on[OPT_BUFFERS]          ? "EXPLAIN option BUFFERS"
                          : on[OPT_WAL]              ? "EXPLAIN option WAL"
                          : on[OPT_SETTINGS]         ? "EXPLAIN option SETTINGS"
                          : !strcmp(format, "xml")  ? "EXPLAIN (FORMAT XML)"
                          : !strcmp(format, "json") ? "EXPLAIN (FORMAT JSON)"
                          : !strcmp(format, "yaml") ? "EXPLAIN (FORMAT YAML)"
                                                    : NULL;
    if (refused) {
        tr_unsupported(ts, -1, refused);
        return false;
    }
    *flags = (analyze ? AST_EXPLAIN_ANALYZE : 0) | (timing ? AST_EXPLAIN_TIMING : 0) |
             (summary ? AST_EXPLAIN_SUMMARY : 0) | (on[OPT_COSTS] ? AST_EXPLAIN_COSTS : 0);
    return true;
}
