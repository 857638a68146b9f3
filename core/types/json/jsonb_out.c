/* jsonb_out.c — jsonb's text output as PostgreSQL 15 writes it: the normalised form
 * ({"a": 1, "b": [1, 2]}), jsonb_pretty's four-space layout, and escape_json for strings. */
#include "types/json/json.h"

#include "types/numeric/numeric.h"

void json_escape(const char *s, size_t len, ss_strbuf *out)
{
    static const char hex[] = "0123456789abcdef";
    ss_strbuf_putc(out, '"');
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        char u[7];
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default:
            if (c < 0x20) {
                memcpy(u, "\\u00", 4);
                u[4] = hex[c >> 4];
                u[5] = hex[c & 15];
                u[6] = 0;
                esc = u;
            }
        }
        if (!esc)
            continue;
        ss_strbuf_append(out, s + run, i - run);
        ss_strbuf_puts(out, esc);
        run = i + 1;
    }
    ss_strbuf_append(out, s + run, len - run);
    ss_strbuf_putc(out, '"');
}

static void indent(ss_strbuf *out, int level)
{
    ss_strbuf_putc(out, '\n');
    for (int i = 0; i < level; i++)
        ss_strbuf_puts(out, "    ");
}

static void scalar(const char *p, ss_strbuf *out)
{
    switch (p[0]) {
    case JB_NULL: ss_strbuf_puts(out, "null"); break;
    case JB_TRUE: ss_strbuf_puts(out, "true"); break;
    case JB_FALSE: ss_strbuf_puts(out, "false"); break;
    case JB_STRING: json_escape(p + 5, jb_u32(p + 1), out); break;
    case JB_NUMBER: {
        ss_text t = {p + 5, jb_u32(p + 1), 0};
        num_format(&t, out);
        break;
    }
    default: break;
    }
}

static void value(const char *p, bool pretty, int level, ss_strbuf *out)
{
    if (p[0] != JB_ARRAY && p[0] != JB_OBJECT) {
        scalar(p, out);
        return;
    }
    bool obj = p[0] == JB_OBJECT;
    ss_strbuf_putc(out, obj ? '{' : '[');
    uint32_t n = jb_count(p);
    const char *q = jb_first(p);
    for (uint32_t i = 0; i < n; i++) {
        if (i > 0)
            ss_strbuf_puts(out, pretty ? "," : ", ");
        if (pretty)
            indent(out, level + 1);
        if (obj) {
            uint32_t klen;
            const char *k = jb_key(q, &klen);
            json_escape(k, klen, out);
            ss_strbuf_puts(out, ": ");
            q = jb_key_value(q);
        }
        value(q, pretty, level + 1, out);
        q += jb_size(q);
    }
    if (pretty)
        indent(out, level);
    ss_strbuf_putc(out, obj ? '}' : ']');
}

void jb_format(const char *p, bool pretty, ss_strbuf *out)
{
    value(p, pretty, 0, out);
}

void jb_format_text(const char *p, ss_strbuf *out)
{
    if (p[0] == JB_STRING)
        ss_strbuf_append(out, p + 5, jb_u32(p + 1));
    else
        value(p, false, 0, out);
}
