/* jsonpath_id.c — the "id" of PostgreSQL's .keyvalue(): the byte offset of the object inside
 * the jsonb it came from, as PostgreSQL 15 lays jsonb out on disk (JsonbContainer: a 4-byte
 * header, a 4-byte JEntry per element / key / value, then the data: strings raw, numerics
 * and nested containers aligned to 4 bytes from the varlena start, numerics as numeric
 * varlenas with a 4-byte header), plus 10000000000 times the id of that jsonb (the target 0,
 * the vars 1, each object .keyvalue() made the next one). */
#include "types/json/jsonpath.h"
#include "types/numeric/numeric.h"

#define ALIGN4(x) (((x) + 3u) & ~3u)

/* The size of numeric v as a PostgreSQL numeric varlena (4-byte header, short or long form,
 * base-10000 digits with the leading and trailing zero groups stripped). */
static uint32_t numeric_size(const jv *v)
{
    ss_text t = {v->s, v->len, 0};
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(&t, &sb);
    const char *s = sb.data ? sb.data : "";
    if (*s == '-')
        s++;
    if (*s < '0' || *s > '9') { /* NaN, Infinity: the header alone */
        ss_strbuf_free(&sb);
        return 4 + 2;
    }
    const char *dot = strchr(s, '.');
    size_t ilen = dot ? (size_t)(dot - s) : strlen(s), flen = dot ? strlen(dot + 1) : 0;
    /* the base-10000 groups: integer part from the point leftwards, fraction rightwards */
    size_t igroups = (ilen + 3) / 4, fgroups = (flen + 3) / 4, total = igroups + fgroups;
    int first = -1, last = -1;
    for (size_t g = 0; g < total; g++) {
        bool zero = true;
        for (int k = 0; k < 4; k++) {
            long pos; /* index into the digits */
            char c = '0';
            if (g < igroups) {
                pos = (long)ilen - (long)(igroups - g) * 4 + k;
                if (pos >= 0)
                    c = s[pos];
            } else {
                pos = (long)(g - igroups) * 4 + k;
                if (pos < (long)flen)
                    c = dot[1 + pos];
            }
            if (c != '0')
                zero = false;
        }
        if (!zero) {
            if (first < 0)
                first = (int)g;
            last = (int)g;
        }
    }
    uint32_t ndigits = first < 0 ? 0 : (uint32_t)(last - first + 1);
    int weight = first < 0 ? 0 : (int)igroups - 1 - first;
    bool shortform = flen <= 63 && weight >= -64 && weight <= 63;
    ss_strbuf_free(&sb);
    return 4 + (shortform ? 2 : 4) + 2 * ndigits;
}

/* The container c laid out at offset off (already aligned): its end; *found is set to the
 * offset of target when it lies inside. */
static uint32_t container(const jv *c, uint32_t off, const jv *target, int64_t *found)
{
    if (c == target)
        *found = (int64_t)off - 4;
    uint32_t n = c->kind == JB_OBJECT ? 2 * c->n : c->n;
    uint32_t p = off + 4 + 4 * n;
    for (int pass = 0; pass < (c->kind == JB_OBJECT ? 2 : 1); pass++)
        for (uint32_t k = 0; k < c->n; k++) {
            const jv *e = c->kind == JB_OBJECT ? &c->items[2 * k + (uint32_t)pass] : &c->items[k];
            switch (e->kind) {
            case JB_STRING: p += e->len; break;
            case JB_NUMBER: p = ALIGN4(p) + numeric_size(e); break;
            case JB_ARRAY:
            case JB_OBJECT: p = container(e, ALIGN4(p), target, found); break;
            default: break;
            }
        }
    return p;
}

int64_t jp_object_id(const jv *base, int64_t base_id, const jv *obj)
{
    int64_t found = -1;
    if (base->kind == JB_ARRAY || base->kind == JB_OBJECT)
        container(base, 4, obj, &found);
    if (found < 0)
        return -1;
    return found + base_id * INT64_C(10000000000);
}
