/* errcontext.c — renders the "LINE n: ..." context line and the caret line that psql prints
 * under an error with a cursor position.
 *
 * The position counts characters from 1.  The line holding it is shown with tabs as spaces;
 * a line wider than 60 columns is cut: when the cursor lies within the first 50 columns the
 * first 60 columns are shown followed by "...", otherwise the shown part ends 10 columns past
 * the cursor (or at the end of the line) and starts 60 columns before that, marked by "...". */
#include "errcontext.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "width.h"
#include "xalloc.h"

#define DISPLAY_COLUMNS 60
#define RIGHT_MARGIN 10

typedef struct qchar {
    size_t offset; /* byte offset in the query */
    size_t len;    /* bytes */
    int32_t cp;    /* code point, -1 when malformed */
} qchar;

static size_t char_columns(const qchar *c)
{
    if (c->cp == '\t' || c->cp < 0)
        return 1;
    return (size_t)codepoint_width(c->cp);
}

bool format_error_context(buf *out, const char *query, int pos)
{
    if (!query || pos <= 0)
        return false;
    size_t qlen = strlen(query);
    size_t nchars = utf8_char_count(query, qlen);
    size_t target = (size_t)pos - 1;
    if (target > nchars)
        return false;

    qchar *chars = xmalloc((nchars + 1) * sizeof(qchar));
    size_t n = 0;
    for (size_t i = 0; i < qlen;) {
        int32_t cp;
        size_t len = utf8_decode(query + i, qlen - i, &cp);
        chars[n].offset = i;
        chars[n].len = len;
        chars[n].cp = cp;
        n++;
        i += len;
    }

    /* Find the line that holds the target character. */
    int lineno = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < target && i < n; i++) {
        if (chars[i].cp == '\n' || chars[i].cp == '\r') {
            if (chars[i].cp == '\r' && i + 1 < n && chars[i + 1].cp == '\n') {
                if (i + 1 == target)
                    break; /* the cursor sits on the '\n' of a "\r\n" pair */
                i++;
            }
            lineno++;
            line_start = i + 1;
        }
    }
    size_t line_end = line_start;
    while (line_end < n && chars[line_end].cp != '\n' && chars[line_end].cp != '\r')
        line_end++;

    /* Screen column of each character boundary in the line. */
    size_t count = line_end - line_start;
    size_t *col = xmalloc((count + 1) * sizeof(size_t));
    col[0] = 0;
    for (size_t i = 0; i < count; i++)
        col[i + 1] = col[i] + char_columns(&chars[line_start + i]);
    size_t line_width = col[count];
    size_t cursor = target - line_start; /* index within the line, may equal count */
    size_t cursor_col = col[cursor < count ? cursor : count];

    size_t begin = 0, end = count;
    bool cut_begin = false, cut_end = false;
    if (line_width > DISPLAY_COLUMNS) {
        if (cursor_col + RIGHT_MARGIN <= DISPLAY_COLUMNS) {
            while (end > 0 && col[end] > DISPLAY_COLUMNS)
                end--;
            cut_end = true;
        } else {
            if (cursor_col + RIGHT_MARGIN < line_width) {
                while (end > 0 && col[end] > cursor_col + RIGHT_MARGIN)
                    end--;
                cut_end = true;
            }
            while (begin < end && col[end] - col[begin] > DISPLAY_COLUMNS)
                begin++;
            cut_begin = true;
        }
    }

    size_t prefix_start = out->len;
    buf_printf(out, "LINE %d: ", lineno);
    size_t prefix_width = out->len - prefix_start;
    if (cut_begin)
        buf_puts(out, "...");
    for (size_t i = begin; i < end; i++) {
        const qchar *c = &chars[line_start + i];
        if (c->cp == '\t')
            buf_putc(out, ' ');
        else
            buf_append(out, query + c->offset, c->len);
    }
    if (cut_end)
        buf_puts(out, "...");
    buf_putc(out, '\n');
    size_t indent = prefix_width + (cut_begin ? 3 : 0) + (cursor_col - col[begin]);
    buf_pad(out, ' ', indent);
    buf_puts(out, "^\n");

    free(col);
    free(chars);
    return true;
}
