/* pset.c — \pset: the shell's output options (printer.h's print_opts and the strings the
 * shell keeps for them), set, toggled and reported in psql 15's words.  Sunstone draws
 * aligned (wrapped is drawn aligned: the shell does not wrap to the terminal), unaligned and
 * CSV output with ASCII lines; the other forms psql knows are refused, never drawn wrongly. */
#include "pset.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "report.h"
#include "vars.h"
#include "xalloc.h"

static const char *const formats[] = {"aligned", "asciidoc", "csv", "html", "latex", "latex-longtable",
                                      "troff-ms", "unaligned", "wrapped"};
#define NFORMATS (sizeof formats / sizeof formats[0])

static void info(shell *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void info(shell *sh, const char *fmt, ...)
{
    if (sh->quiet)
        return;
    FILE *con = shell_console(sh);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(con, fmt, ap);
    va_end(ap);
    fputc('\n', con);
    fflush(con);
}

static const char *format_name(const shell *sh)
{
    if (sh->popt.format == PRINT_CSV)
        return "csv";
    if (sh->popt.format == PRINT_UNALIGNED)
        return "unaligned";
    return sh->wrapped ? "wrapped" : "aligned";
}

/* psql's printPsetInfo for one option. */
static void show(shell *sh, const char *param)
{
    const print_opts *o = &sh->popt;
    if (strcmp(param, "border") == 0)
        info(sh, "Border style is %d.", o->border);
    else if (strcmp(param, "columns") == 0) {
        if (o->columns)
            info(sh, "Target width is %d.", o->columns);
        else
            info(sh, "Target width is unset.");
    } else if (strcmp(param, "expanded") == 0 || strcmp(param, "x") == 0)
        info(sh, "%s", o->expanded == EXPANDED_ON     ? "Expanded display is on."
                        : o->expanded == EXPANDED_AUTO ? "Expanded display is used automatically."
                                                       : "Expanded display is off.");
    else if (strcmp(param, "csv_fieldsep") == 0)
        info(sh, "Field separator for CSV is \"%c\".", o->csv_fieldsep ? o->csv_fieldsep : ',');
    else if (strcmp(param, "fieldsep") == 0)
        info(sh, "Field separator is \"%s\".", sh->fieldsep);
    else if (strcmp(param, "footer") == 0)
        info(sh, "Default footer is %s.", o->no_footer ? "off" : "on");
    else if (strcmp(param, "format") == 0)
        info(sh, "Output format is %s.", format_name(sh));
    else if (strcmp(param, "linestyle") == 0)
        info(sh, "Line style is ascii.");
    else if (strcmp(param, "null") == 0)
        info(sh, "Null display is \"%s\".", o->null_display ? o->null_display : "");
    else if (strcmp(param, "numericlocale") == 0)
        info(sh, "Locale-adjusted numeric output is off.");
    else if (strcmp(param, "pager") == 0)
        info(sh, "%s", sh->pager == 2   ? "Pager is always used."
                        : sh->pager == 1 ? "Pager is used for long output."
                                         : "Pager usage is off.");
    else if (strcmp(param, "pager_min_lines") == 0)
        info(sh, sh->pager_min_lines == 1 ? "Pager won't be used for less than %d line."
                                          : "Pager won't be used for less than %d lines.",
             sh->pager_min_lines);
    else if (strcmp(param, "recordsep") == 0) {
        if (strcmp(sh->recordsep, "\n") == 0)
            info(sh, "Record separator is <newline>.");
        else
            info(sh, "Record separator is \"%s\".", sh->recordsep);
    } else if (strcmp(param, "title") == 0) {
        if (o->title)
            info(sh, "Title is \"%s\".", o->title);
        else
            info(sh, "Title is unset.");
    } else if (strcmp(param, "tuples_only") == 0 || strcmp(param, "t") == 0)
        info(sh, "Tuples only is %s.", o->tuples_only ? "on" : "off");
}

static bool bool_value(shell *sh, const char *param, const char *value, bool *out)
{
    if (parse_bool(value, out))
        return true;
    report_error(sh, "unrecognized value \"%s\" for \"%s\": Boolean expected", value, param);
    return false;
}

static bool set_format(shell *sh, const char *value)
{
    size_t len = strlen(value);
    int first = -1, second = -1, exact = -1;
    for (size_t i = 0; i < NFORMATS && len > 0; i++) {
        if (strncmp(value, formats[i], len) != 0)
            continue;
        if (formats[i][len] == '\0')
            exact = (int)i; /* an exact name wins over longer ones it begins (latex) */
        if (first < 0)
            first = (int)i;
        else if (second < 0)
            second = (int)i;
    }
    int match = exact >= 0 ? exact : second < 0 ? first : -1;
    if (match < 0 && second >= 0) {
        report_error(sh, "\\pset: ambiguous abbreviation \"%s\" matches both \"%s\" and \"%s\"", value,
                     formats[first], formats[second]);
        return false;
    }
    if (match < 0) {
        report_error(sh, "\\pset: allowed formats are aligned, asciidoc, csv, html, latex, latex-longtable, "
                         "troff-ms, unaligned, wrapped");
        return false;
    }
    const char *name = formats[match];
    if (strcmp(name, "aligned") == 0 || strcmp(name, "wrapped") == 0)
        sh->popt.format = PRINT_ALIGNED;
    else if (strcmp(name, "unaligned") == 0)
        sh->popt.format = PRINT_UNALIGNED;
    else if (strcmp(name, "csv") == 0)
        sh->popt.format = PRINT_CSV;
    else {
        report_error(sh, "\\pset: output format \"%s\" is not supported by sunstone (aligned, wrapped, "
                         "unaligned and csv are)",
                     name);
        return false;
    }
    sh->wrapped = strcmp(name, "wrapped") == 0;
    return true;
}

static bool set_expanded(shell *sh, const char *value)
{
    if (!value) {
        sh->popt.expanded = sh->popt.expanded == EXPANDED_OFF ? EXPANDED_ON : EXPANDED_OFF;
        return true;
    }
    bool b;
    if (strcasecmp(value, "auto") == 0)
        sh->popt.expanded = EXPANDED_AUTO;
    else if (parse_bool(value, &b))
        sh->popt.expanded = b ? EXPANDED_ON : EXPANDED_OFF;
    else {
        report_error(sh, "unrecognized value \"%s\" for \"expanded\"\nAvailable values are: on, off, auto.", value);
        return false;
    }
    return true;
}

static void set_string(char **slot, const char *value)
{
    free(*slot);
    *slot = value ? xstrdup(value) : NULL;
}

static bool refuse(shell *sh, const char *what)
{
    report_error(sh, "\\pset: %s is not supported by sunstone", what);
    return false;
}

bool pset_apply(shell *sh, const char *param, const char *value)
{
    print_opts *o = &sh->popt;
    bool b;
    if (strcmp(param, "format") == 0) {
        if (value && !set_format(sh, value))
            return false;
    } else if (strcmp(param, "border") == 0) {
        if (value)
            o->border = atoi(value);
    } else if (strcmp(param, "expanded") == 0 || strcmp(param, "x") == 0) {
        if (!set_expanded(sh, value))
            return false;
    } else if (strcmp(param, "csv_fieldsep") == 0) {
        if (value) {
            if (strlen(value) != 1) {
                report_error(sh, "\\pset: csv_fieldsep must be a single one-byte character");
                return false;
            }
            if (value[0] == '"' || value[0] == '\n' || value[0] == '\r') {
                report_error(sh, "\\pset: csv_fieldsep cannot be a double quote, a newline, or a carriage return");
                return false;
            }
            o->csv_fieldsep = value[0];
        }
    } else if (strcmp(param, "fieldsep") == 0) {
        if (value)
            shell_set_fieldsep(sh, value);
    } else if (strcmp(param, "recordsep") == 0) {
        if (value) {
            snprintf(sh->recordsep, sizeof sh->recordsep, "%s", value);
            o->recordsep = sh->recordsep;
        }
    } else if (strcmp(param, "fieldsep_zero") == 0 || strcmp(param, "recordsep_zero") == 0) {
        return refuse(sh, "a zero-byte separator");
    } else if (strcmp(param, "tuples_only") == 0 || strcmp(param, "t") == 0) {
        if (value) /* psql reports nothing when given a value */
            return bool_value(sh, param, value, &o->tuples_only);
        o->tuples_only = !o->tuples_only;
    } else if (strcmp(param, "footer") == 0) {
        if (value) {
            if (!bool_value(sh, param, value, &b))
                return false;
            o->no_footer = !b;
            return true;
        }
        o->no_footer = !o->no_footer;
    } else if (strcmp(param, "numericlocale") == 0) {
        if (value) {
            if (!bool_value(sh, param, value, &b))
                return false;
            return b ? refuse(sh, "locale-adjusted numeric output") : true;
        }
        return refuse(sh, "locale-adjusted numeric output");
    } else if (strcmp(param, "null") == 0) {
        if (value) {
            set_string(&sh->null_display, value);
            o->null_display = sh->null_display;
        }
    } else if (strcmp(param, "title") == 0) {
        set_string(&sh->title, value);
        o->title = sh->title;
    } else if (strcmp(param, "columns") == 0) {
        if (value)
            o->columns = atoi(value);
    } else if (strcmp(param, "pager") == 0) {
        if (value && strcmp(value, "always") == 0)
            sh->pager = 2;
        else if (value) {
            if (!bool_value(sh, param, value, &b))
                return false;
            sh->pager = b ? 1 : 0;
        } else {
            sh->pager = sh->pager ? 0 : 1;
        }
    } else if (strcmp(param, "pager_min_lines") == 0) {
        if (value)
            sh->pager_min_lines = atoi(value);
    } else if (strcmp(param, "linestyle") == 0) {
        if (value && (!*value || strncmp("ascii", value, strlen(value)) != 0)) {
            report_error(sh, "\\pset: linestyle \"%s\" is not supported by sunstone (ascii is)", value);
            return false;
        }
    } else if (strcmp(param, "tableattr") == 0 || strcmp(param, "T") == 0 ||
               strncmp(param, "unicode_", 8) == 0) {
        return refuse(sh, param);
    } else {
        report_error(sh, "\\pset: unknown option: %s", param);
        return false;
    }
    show(sh, param);
    return true;
}

void pset_show_all(shell *sh)
{
    const print_opts *o = &sh->popt;
    FILE *out = shell_console(sh);
    fprintf(out, "%-24s %d\n", "border", o->border);
    fprintf(out, "%-24s %d\n", "columns", o->columns);
    fprintf(out, "%-24s '%c'\n", "csv_fieldsep", o->csv_fieldsep ? o->csv_fieldsep : ',');
    fprintf(out, "%-24s %s\n", "expanded",
            o->expanded == EXPANDED_ON ? "on" : o->expanded == EXPANDED_AUTO ? "auto" : "off");
    fprintf(out, "%-24s '%s'\n", "fieldsep", sh->fieldsep);
    fprintf(out, "%-24s %s\n", "fieldsep_zero", "off");
    fprintf(out, "%-24s %s\n", "footer", o->no_footer ? "off" : "on");
    fprintf(out, "%-24s %s\n", "format", format_name(sh));
    fprintf(out, "%-24s %s\n", "linestyle", "ascii");
    fprintf(out, "%-24s '%s'\n", "null", o->null_display ? o->null_display : "");
    fprintf(out, "%-24s %s\n", "numericlocale", "off");
    fprintf(out, "%-24s %d\n", "pager", sh->pager);
    fprintf(out, "%-24s %d\n", "pager_min_lines", sh->pager_min_lines);
    fprintf(out, "%-24s '%s'\n", "recordsep", strcmp(sh->recordsep, "\n") == 0 ? "\\n" : sh->recordsep);
    fprintf(out, "%-24s %s\n", "recordsep_zero", "off");
    fprintf(out, "%-24s \n", "tableattr");
    if (o->title)
        fprintf(out, "%-24s '%s'\n", "title", o->title);
    else
        fprintf(out, "%-24s \n", "title");
    fprintf(out, "%-24s %s\n", "tuples_only", o->tuples_only ? "on" : "off");
    fprintf(out, "%-24s %s\n", "unicode_border_linestyle", "single");
    fprintf(out, "%-24s %s\n", "unicode_column_linestyle", "single");
    fprintf(out, "%-24s %s\n", "unicode_header_linestyle", "single");
    fflush(out);
}
