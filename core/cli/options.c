/* options.c — command-line parsing for the sunstone shell.  Behaves like GNU getopt_long as
 * psql uses it: short options may be clustered (-At) and take their argument attached (-cSQL)
 * or from the next word; long options accept --opt=value or --opt value and unambiguous
 * prefixes; positional arguments may appear anywhere; "--" ends the options. */
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

typedef struct option_spec {
    const char *long_name; /* NULL: short only */
    char short_name;       /* 0: long only */
    bool has_arg;
    int id;
} option_spec;

enum {
    OPT_COMMAND,
    OPT_FILE,
    OPT_NO_ALIGN,
    OPT_TUPLES_ONLY,
    OPT_FIELD_SEPARATOR,
    OPT_NO_RC,
    OPT_QUIET,
    OPT_SET,
    OPT_HELP,
    OPT_VERSION,
    OPT_DBNAME,
    OPT_PLUGIN_DIR,
    OPT_EXPANDED,
    OPT_CSV,
    OPT_PSET,
    OPT_RECORD_SEPARATOR,
};

static const option_spec specs[] = {
    {"command", 'c', true, OPT_COMMAND},
    {"file", 'f', true, OPT_FILE},
    {"no-align", 'A', false, OPT_NO_ALIGN},
    {"tuples-only", 't', false, OPT_TUPLES_ONLY},
    {"field-separator", 'F', true, OPT_FIELD_SEPARATOR},
    {"no-psqlrc", 'X', false, OPT_NO_RC},
    {"no-sunstonerc", 0, false, OPT_NO_RC},
    {"quiet", 'q', false, OPT_QUIET},
    {"set", 'v', true, OPT_SET},
    {"variable", 0, true, OPT_SET},
    {"help", '?', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
    {"dbname", 'd', true, OPT_DBNAME},
    {"plugin-dir", 0, true, OPT_PLUGIN_DIR},
    {"expanded", 'x', false, OPT_EXPANDED},
    {"csv", 0, false, OPT_CSV},
    {"pset", 'P', true, OPT_PSET},
    {"record-separator", 'R', true, OPT_RECORD_SEPARATOR},
};
#define NSPECS (sizeof specs / sizeof specs[0])

static void push(char ***list, size_t *n, const char *value)
{
    *list = xrealloc(*list, (*n + 1) * sizeof(char *));
    (*list)[(*n)++] = xstrdup(value);
}

static void replace(char **slot, const char *value)
{
    free(*slot);
    *slot = xstrdup(value);
}

static void apply(cli_options *o, int id, const char *arg)
{
    switch (id) {
    case OPT_COMMAND:
        o->actions = xrealloc(o->actions, (o->nactions + 1) * sizeof(cli_action));
        o->actions[o->nactions].kind = arg[0] == '\\' ? ACTION_META : ACTION_SQL;
        o->actions[o->nactions].value = xstrdup(arg);
        o->nactions++;
        break;
    case OPT_FILE:
        o->actions = xrealloc(o->actions, (o->nactions + 1) * sizeof(cli_action));
        o->actions[o->nactions].kind = ACTION_FILE;
        o->actions[o->nactions].value = xstrdup(arg);
        o->nactions++;
        break;
    case OPT_NO_ALIGN:
        o->unaligned = true;
        break;
    case OPT_TUPLES_ONLY:
        o->tuples_only = true;
        break;
    case OPT_FIELD_SEPARATOR:
        replace(&o->fieldsep, arg);
        break;
    case OPT_NO_RC:
        o->no_rc = true;
        break;
    case OPT_QUIET:
        o->quiet = true;
        break;
    case OPT_SET:
        push(&o->assignments, &o->nassignments, arg);
        break;
    case OPT_HELP:
        o->help = true;
        break;
    case OPT_VERSION:
        o->version = true;
        break;
    case OPT_DBNAME:
        replace(&o->dbpath, arg);
        break;
    case OPT_PLUGIN_DIR:
        replace(&o->plugin_dir, arg);
        break;
    case OPT_EXPANDED:
        o->expanded = true;
        break;
    case OPT_CSV:
        o->csv = true;
        break;
    case OPT_PSET:
        push(&o->psets, &o->npsets, arg);
        break;
    case OPT_RECORD_SEPARATOR:
        replace(&o->recordsep, arg);
        break;
    }
}

static const option_spec *find_short(char c)
{
    for (size_t i = 0; i < NSPECS; i++)
        if (specs[i].short_name == c)
            return &specs[i];
    return NULL;
}

/* Resolves "--name" (name of length n): exact match, else the unique option it prefixes.
 * Aliases of the same option do not make a prefix ambiguous. */
static const option_spec *find_long(const char *name, size_t n, bool *ambiguous)
{
    const option_spec *found = NULL;
    *ambiguous = false;
    for (size_t i = 0; i < NSPECS; i++) {
        const char *ln = specs[i].long_name;
        if (ln && strlen(ln) == n && strncmp(ln, name, n) == 0)
            return &specs[i];
    }
    for (size_t i = 0; i < NSPECS; i++) {
        const char *ln = specs[i].long_name;
        if (!ln || strncmp(ln, name, n) != 0)
            continue;
        if (found && found->id != specs[i].id)
            *ambiguous = true;
        else if (!found)
            found = &specs[i];
    }
    return found;
}

static void ambiguity_message(buf *err, const char *word, const char *name, size_t n)
{
    buf_printf(err, "option '%s' is ambiguous; possibilities:", word);
    for (size_t i = 0; i < NSPECS; i++) {
        const char *ln = specs[i].long_name;
        if (ln && strncmp(ln, name, n) == 0)
            buf_printf(err, " '--%s'", ln);
    }
}

bool options_parse(int argc, char *const argv[], cli_options *out, buf *err)
{
    memset(out, 0, sizeof *out);
    char **positional = NULL;
    size_t npositional = 0;
    bool only_positional = false;

    for (int i = 1; i < argc; i++) {
        const char *word = argv[i];
        if (only_positional || word[0] != '-' || word[1] == '\0') {
            push(&positional, &npositional, word);
            continue;
        }
        if (strcmp(word, "--") == 0) {
            only_positional = true;
            continue;
        }
        if (word[1] == '-') {
            const char *name = word + 2;
            const char *eq = strchr(name, '=');
            size_t n = eq ? (size_t)(eq - name) : strlen(name);
            bool ambiguous;
            const option_spec *spec = find_long(name, n, &ambiguous);
            if (ambiguous) {
                ambiguity_message(err, word, name, n);
                goto fail;
            }
            if (!spec) {
                buf_printf(err, "unrecognized option '%s'", word);
                goto fail;
            }
            const char *arg = NULL;
            if (spec->has_arg) {
                if (eq) {
                    arg = eq + 1;
                } else if (i + 1 < argc) {
                    arg = argv[++i];
                } else {
                    buf_printf(err, "option '--%s' requires an argument", spec->long_name);
                    goto fail;
                }
            } else if (eq) {
                buf_printf(err, "option '--%s' doesn't allow an argument", spec->long_name);
                goto fail;
            }
            apply(out, spec->id, arg);
            continue;
        }
        for (const char *p = word + 1; *p; p++) {
            const option_spec *spec = find_short(*p);
            if (!spec) {
                buf_printf(err, "invalid option -- '%c'", *p);
                goto fail;
            }
            if (!spec->has_arg) {
                apply(out, spec->id, NULL);
                continue;
            }
            const char *arg;
            if (p[1]) {
                arg = p + 1;
            } else if (i + 1 < argc) {
                arg = argv[++i];
            } else {
                buf_printf(err, "option requires an argument -- '%c'", *p);
                goto fail;
            }
            apply(out, spec->id, arg);
            break;
        }
    }

    for (size_t k = 0; k < npositional; k++) {
        if (k == 0 && !out->dbpath)
            out->dbpath = xstrdup(positional[k]);
        else
            push(&out->extra_args, &out->nextra, positional[k]);
    }
    for (size_t k = 0; k < npositional; k++)
        free(positional[k]);
    free(positional);
    return true;

fail:
    for (size_t k = 0; k < npositional; k++)
        free(positional[k]);
    free(positional);
    options_free(out);
    return false;
}

void options_free(cli_options *o)
{
    for (size_t i = 0; i < o->nactions; i++)
        free(o->actions[i].value);
    free(o->actions);
    for (size_t i = 0; i < o->nassignments; i++)
        free(o->assignments[i]);
    free(o->assignments);
    for (size_t i = 0; i < o->nextra; i++)
        free(o->extra_args[i]);
    free(o->extra_args);
    free(o->dbpath);
    free(o->plugin_dir);
    free(o->fieldsep);
    free(o->recordsep);
    for (size_t i = 0; i < o->npsets; i++)
        free(o->psets[i]);
    free(o->psets);
    memset(o, 0, sizeof *o);
}
