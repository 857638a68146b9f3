/* pattern.c — psql's object-name patterns for \d, \dt and \dx, translated into anchored POSIX
 * extended regular expressions and matched against names. */
#include "pattern.h"

#include <ctype.h>
#include <string.h>

bool pattern_translate(const char *pattern, buf *schema_re, buf *name_re, bool *has_schema,
                       buf *err)
{
    buf parts[2];
    size_t nparts = 1;
    for (int i = 0; i < 2; i++)
        buf_init(&parts[i]);
    bool quoted = false;
    bool ok = true;

    for (const char *p = pattern; *p; p++) {
        buf *cur = &parts[nparts - 1];
        char c = *p;
        if (c == '"') {
            if (quoted && p[1] == '"') {
                buf_putc(cur, '"');
                p++;
            } else {
                quoted = !quoted;
            }
        } else if (quoted) {
            if (strchr("|*+?()[]{}.^$\\", c))
                buf_putc(cur, '\\');
            buf_putc(cur, c);
        } else if (c == '.') {
            if (nparts == 2) {
                ok = false;
                break;
            }
            nparts++;
        } else if (c == '*') {
            buf_puts(cur, ".*");
        } else if (c == '?') {
            buf_putc(cur, '.');
        } else if (c == '$') {
            buf_puts(cur, "\\$");
        } else {
            buf_putc(cur, (char)tolower((unsigned char)c));
        }
    }
    if (!ok) {
        buf_printf(err, "improper qualified name (too many dotted names): %s", pattern);
    } else {
        buf *name = &parts[nparts - 1];
        *has_schema = nparts == 2;
        buf_reset(name_re);
        buf_printf(name_re, "^(%s)$", name->data);
        buf_reset(schema_re);
        if (*has_schema)
            buf_printf(schema_re, "^(%s)$", parts[0].data);
        else
            buf_puts(schema_re, "^(.*)$");
    }
    for (int i = 0; i < 2; i++)
        buf_free(&parts[i]);
    return ok;
}

bool pattern_compile(const char *pattern, name_pattern *out, buf *err)
{
    buf schema_re, name_re;
    buf_init(&schema_re);
    buf_init(&name_re);
    bool ok = pattern_translate(pattern, &schema_re, &name_re, &out->has_schema, err);
    if (ok) {
        if (regcomp(&out->name_re, name_re.data, REG_EXTENDED | REG_NOSUB) != 0) {
            buf_printf(err, "invalid regular expression in pattern: %s", pattern);
            ok = false;
        } else if (regcomp(&out->schema_re, schema_re.data, REG_EXTENDED | REG_NOSUB) != 0) {
            regfree(&out->name_re);
            buf_printf(err, "invalid regular expression in pattern: %s", pattern);
            ok = false;
        }
    }
    buf_free(&schema_re);
    buf_free(&name_re);
    return ok;
}

bool pattern_matches(const name_pattern *p, const char *schema, const char *name)
{
    return regexec(&p->schema_re, schema, 0, NULL, 0) == 0 &&
           regexec(&p->name_re, name, 0, NULL, 0) == 0;
}

void pattern_free(name_pattern *p)
{
    regfree(&p->schema_re);
    regfree(&p->name_re);
}
