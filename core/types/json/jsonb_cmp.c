/* jsonb_cmp.c — jsonb's order, equality and hashing (PostgreSQL 15's compareJsonbContainers:
 * object > array > boolean > number > string > null, containers by size first, a top-level
 * scalar below an array of one element), containment (@>, JsonbDeepContains) and key existence
 * (?), over the encoded form. */
#include "types/json/json.h"

#include "types/numeric/numeric.h"

/* Type order of PostgreSQL's jbvType: null < string < numeric < bool < array < object. */
static int rank(char kind)
{
    switch (kind) {
    case JB_NULL: return 0;
    case JB_STRING: return 1;
    case JB_NUMBER: return 2;
    case JB_FALSE:
    case JB_TRUE: return 3;
    case JB_ARRAY: return 4;
    default: return 5;
    }
}

/* varstr_cmp under the C collation: bytes, then length. */
static int str_cmp(const char *a, uint32_t alen, const char *b, uint32_t blen)
{
    int c = memcmp(a, b, alen < blen ? alen : blen);
    if (c)
        return c < 0 ? -1 : 1;
    return alen < blen ? -1 : alen > blen;
}

static int scalar_cmp(const char *a, const char *b)
{
    switch (a[0]) {
    case JB_STRING: return str_cmp(a + 5, jb_u32(a + 1), b + 5, jb_u32(b + 1));
    case JB_NUMBER: {
        ss_text x = {a + 5, jb_u32(a + 1), 0}, y = {b + 5, jb_u32(b + 1), 0};
        int c = num_compare(&x, &y);
        return c < 0 ? -1 : c > 0;
    }
    case JB_FALSE:
    case JB_TRUE: return a[0] == b[0] ? 0 : a[0] == JB_TRUE ? 1 : -1;
    default: return 0;
    }
}

static int value_cmp(const char *a, const char *b)
{
    int ra = rank(a[0]), rb = rank(b[0]);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    if (ra < 4)
        return scalar_cmp(a, b);
    uint32_t na = jb_count(a), nb = jb_count(b);
    if (na != nb)
        return na < nb ? -1 : 1;
    const char *p = jb_first(a), *q = jb_first(b);
    for (uint32_t i = 0; i < na; i++) {
        if (a[0] == JB_OBJECT) {
            uint32_t la, lb;
            const char *ka = jb_key(p, &la), *kb = jb_key(q, &lb);
            int c = str_cmp(ka, la, kb, lb);
            if (c)
                return c;
            p = jb_key_value(p);
            q = jb_key_value(q);
        }
        int c = value_cmp(p, q);
        if (c)
            return c;
        p += jb_size(p);
        q += jb_size(q);
    }
    return 0;
}

static bool is_scalar(const char *p)
{
    return p[0] != JB_ARRAY && p[0] != JB_OBJECT;
}

int jb_compare(const char *a, const char *b)
{
    /* top-level scalars are PostgreSQL's raw-scalar arrays of one element */
    bool sa = is_scalar(a), sb = is_scalar(b);
    if (!sa && !sb)
        return value_cmp(a, b);
    if (sa && sb)
        return value_cmp(a, b);
    const char *s = sa ? a : b, *c = sa ? b : a;
    int res; /* as seen from the scalar's side */
    if (c[0] == JB_OBJECT) {
        res = -1;
    } else {
        uint32_t n = jb_count(c);
        if (n != 1)
            res = n > 1 ? -1 : 1;
        else
            res = -1;
    }
    (void)s;
    return sa ? res : -res;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

static uint64_t bytes_hash(const char *s, uint32_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

static uint64_t value_hash(const char *p)
{
    uint64_t h = (uint64_t)(unsigned char)p[0] + 1;
    switch (p[0]) {
    case JB_STRING: return mix(h, bytes_hash(p + 5, jb_u32(p + 1)));
    case JB_NUMBER: {
        ss_text t = {p + 5, jb_u32(p + 1), 0};
        return mix(h, num_hash(&t));
    }
    case JB_ARRAY:
    case JB_OBJECT: {
        uint32_t n = jb_count(p);
        h = mix(h, n);
        const char *q = jb_first(p);
        for (uint32_t i = 0; i < n; i++) {
            if (p[0] == JB_OBJECT) {
                uint32_t len;
                const char *k = jb_key(q, &len);
                h = mix(h, bytes_hash(k, len));
                q = jb_key_value(q);
            }
            h = mix(h, value_hash(q));
            q += jb_size(q);
        }
        return h;
    }
    default: return mix(h, 0);
    }
}

uint64_t jb_hash(const char *a)
{
    return value_hash(a);
}

static bool scalar_eq(const char *a, const char *b)
{
    return a[0] == b[0] && scalar_cmp(a, b) == 0;
}

/* Whether the array at arr has a scalar element equal to s. */
static bool array_has_scalar(const char *arr, const char *s)
{
    uint32_t n = jb_count(arr);
    const char *q = jb_first(arr);
    for (uint32_t i = 0; i < n; i++, q += jb_size(q))
        if (is_scalar(q) && scalar_eq(q, s))
            return true;
    return false;
}

/* JsonbDeepContains over two containers (a top-level scalar counts as an array of it). */
static bool deep_contains(const char *val, bool val_raw, const char *cont, bool cont_raw)
{
    char vk = val_raw ? JB_ARRAY : val[0], ck = cont_raw ? JB_ARRAY : cont[0];
    if (vk != ck)
        return false;
    if (vk == JB_OBJECT) {
        if (jb_count(val) < jb_count(cont))
            return false;
        uint32_t n = jb_count(cont);
        const char *q = jb_first(cont);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t klen;
            const char *k = jb_key(q, &klen);
            const char *cv = jb_key_value(q);
            const char *lv = jb_object_get(val, k, klen);
            if (!lv)
                return false;
            if (is_scalar(lv) || is_scalar(cv)) {
                if (!scalar_eq(lv, cv))
                    return false;
            } else if (!deep_contains(lv, false, cv, false)) {
                return false;
            }
            q = cv + jb_size(cv);
        }
        return true;
    }
    if (val_raw && !cont_raw)
        return false;
    uint32_t n = cont_raw ? 1 : jb_count(cont);
    const char *q = cont_raw ? cont : jb_first(cont);
    for (uint32_t i = 0; i < n; i++, q += jb_size(q)) {
        if (is_scalar(q)) {
            if (val_raw ? !scalar_eq(val, q) : !array_has_scalar(val, q))
                return false;
            continue;
        }
        if (val_raw)
            return false;
        uint32_t m = jb_count(val);
        const char *e = jb_first(val);
        bool found = false;
        for (uint32_t j = 0; j < m && !found; j++, e += jb_size(e))
            if (!is_scalar(e) && deep_contains(e, false, q, false))
                found = true;
        if (!found)
            return false;
    }
    return true;
}

bool jb_contains(const char *a, const char *b)
{
    bool ao = a[0] == JB_OBJECT, bo = b[0] == JB_OBJECT;
    if (ao != bo)
        return false;
    return deep_contains(a, is_scalar(a), b, is_scalar(b));
}

bool jb_exists(const char *a, const char *key, uint32_t klen)
{
    if (a[0] == JB_OBJECT)
        return jb_object_get(a, key, klen) != NULL;
    if (a[0] == JB_STRING)
        return str_cmp(a + 5, jb_u32(a + 1), key, klen) == 0;
    if (a[0] != JB_ARRAY)
        return false;
    uint32_t n = jb_count(a);
    const char *q = jb_first(a);
    for (uint32_t i = 0; i < n; i++, q += jb_size(q))
        if (q[0] == JB_STRING && str_cmp(q + 5, jb_u32(q + 1), key, klen) == 0)
            return true;
    return false;
}
