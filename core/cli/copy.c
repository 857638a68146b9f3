/* copy.c — the shell's side of COPY FROM STDIN / TO STDOUT and \copy (see copy.h), after
 * psql's copy.c: data lines come from the input the statement came from, one at a time, until
 * a line "\." or the end of the input; output goes to the query output. */
#include "copy.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "exec.h"
#include "mainloop.h"
#include "report.h"
#include "xalloc.h"

static int copy_read(void *arg, char *out, size_t size, size_t *n)
{
    shell *sh = arg;
    *n = 0;
    if (sh->copy_in) {
        *n = fread(out, 1, size, sh->copy_in);
        return *n == 0 && ferror(sh->copy_in) ? -1 : 0;
    }
    sh->copy_reading = true;
    while (sh->copy_pending_pos == sh->copy_pending_len) {
        line_source *src = sh->copy_src;
        char *line = NULL;
        if (sh->copy_ended || !src || src->read(src, src->interactive ? ">> " : NULL, &line) != READ_LINE) {
            sh->copy_ended = true;
            return 0;
        }
        sh->lineno++;
        if (strcmp(line, "\\.") == 0)
            sh->copy_ended = true; /* handed over too, as psql sends it: the end marker */
        size_t len = strlen(line);
        free(sh->copy_pending);
        sh->copy_pending = xmalloc(len + 1);
        memcpy(sh->copy_pending, line, len);
        sh->copy_pending[len] = '\n';
        sh->copy_pending_len = len + 1;
        sh->copy_pending_pos = 0;
        free(line);
    }
    size_t left = sh->copy_pending_len - sh->copy_pending_pos;
    *n = left < size ? left : size;
    memcpy(out, sh->copy_pending + sh->copy_pending_pos, *n);
    sh->copy_pending_pos += *n;
    return 0;
}

static int copy_write(void *arg, const char *data, size_t len)
{
    shell *sh = arg;
    FILE *f = sh->copy_out ? sh->copy_out : sh->out;
    if (!sh->copy_out)
        sh->copy_to_output = true;
    return fwrite(data, 1, len, f) == len ? 0 : -1;
}

void copy_install(shell *sh)
{
    sunstone_set_copy_handler(sh->db, copy_read, copy_write, sh);
}

void copy_after_statement(shell *sh)
{
    if (sh->copy_reading && !sh->copy_in) {
        char tmp[4096];
        size_t n;
        while (!sh->copy_ended && copy_read(sh, tmp, sizeof tmp, &n) == 0 && (n > 0 || !sh->copy_ended))
            ;
    }
    sh->copy_reading = false;
    sh->copy_ended = false;
    sh->copy_to_output = false;
    free(sh->copy_pending);
    sh->copy_pending = NULL;
    sh->copy_pending_len = sh->copy_pending_pos = 0;
}

/* The word at *p (case-insensitive) followed by a space or the end: true and *p past it. */
static bool take_word(const char **p, const char *word)
{
    size_t n = strlen(word);
    if (strncasecmp(*p, word, n) != 0 || ((*p)[n] && !isspace((unsigned char)(*p)[n])))
        return false;
    *p += n;
    return true;
}

/* \copy table [(cols)] | (query) from | to 'file' | stdin | stdout [options]: the file is
 * opened here and the statement sent as COPY ... FROM STDIN / TO STDOUT. */
static bool run_copy(shell *sh, const char *args)
{
    const char *p = args;
    int depth = 0;
    char quote = 0;
    const char *dir = NULL;
    for (; *p; p++) { /* FROM / TO outside parentheses and quotes */
        if (quote) {
            if (*p == quote)
                quote = 0;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == '(') {
            depth++;
        } else if (*p == ')') {
            depth--;
        } else if (depth == 0 && isspace((unsigned char)*p)) {
            const char *w = p + 1;
            if (take_word(&w, "from") || take_word(&w, "to")) {
                dir = p;
                break;
            }
        }
    }
    if (!dir) {
        report_error(sh, "\\copy: parse error at end of line");
        return false;
    }
    const char *w = dir + 1;
    bool from = take_word(&w, "from");
    if (!from)
        take_word(&w, "to");
    while (isspace((unsigned char)*w))
        w++;
    buf file;
    buf_init(&file);
    if (*w == '\'') {
        for (w++; *w && !(*w == '\'' && w[1] != '\''); w++) {
            if (*w == '\'')
                w++;
            buf_putc(&file, *w);
        }
        if (*w)
            w++;
    } else {
        while (*w && !isspace((unsigned char)*w) && *w != ';')
            buf_putc(&file, *w++);
    }
    if (!file.len) {
        buf_free(&file);
        report_error(sh, "\\copy: parse error at end of line");
        return false;
    }
    bool std = !strcasecmp(file.data, "stdin") || !strcasecmp(file.data, "stdout") ||
               !strcasecmp(file.data, "pstdin") || !strcasecmp(file.data, "pstdout");
    FILE *f = NULL;
    if (!std && !(f = fopen(file.data, from ? "r" : "w"))) {
        report_error(sh, "%s: %s", file.data, strerror(errno));
        buf_free(&file);
        return false;
    }
    buf sql;
    buf_init(&sql);
    buf_puts(&sql, "COPY  "); /* psql's spelling: positions in errors match its */
    buf_append(&sql, args, (size_t)(dir - args));
    buf_puts(&sql, from ? " FROM STDIN" : " TO STDOUT");
    buf_puts(&sql, w);
    if (from)
        sh->copy_in = f;
    else
        sh->copy_out = f;
    bool ok = exec_sql(sh, sql.data);
    sh->copy_in = sh->copy_out = NULL;
    if (f && fclose(f) != 0 && ok) {
        report_error(sh, "%s: %s", file.data, strerror(errno));
        ok = false;
    }
    buf_free(&sql);
    buf_free(&file);
    return ok;
}

bool copy_meta(shell *sh, const char *text, size_t *consumed, bool *ok)
{
    const char *p = text + 1;
    if (!take_word(&p, "copy"))
        return false;
    size_t len = strcspn(text, "\n");
    *consumed = len;
    char *args = xmalloc(len + 1);
    size_t off = (size_t)(p - text);
    memcpy(args, p, len - off);
    args[len - off] = '\0';
    char *a = args;
    while (isspace((unsigned char)*a))
        a++;
    *ok = run_copy(sh, a);
    free(args);
    return true;
}
