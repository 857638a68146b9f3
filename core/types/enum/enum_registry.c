/* enum_registry.c — every enum type of the process (enum.h): ids handed out once, lookups by
 * id (lock-free: a slot is written once) and by (database, schema, name), and the changes of
 * ALTER TYPE, which replace label lists and names rather than change them. */
#include "types/enum/enum.h"

#include "catalog/namespace.h"
#include "types/func_impl.h"
#include "util/strbuf.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENUM_MAX_TYPES 16384

static _Atomic(ss_enum_type *) slots[ENUM_MAX_TYPES];
static _Atomic uint32_t nslots;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER; /* creation, drops, retired lists */

ss_enum_type *enum_type_get(int32_t id)
{
    if (!ss_type_is_enum(id))
        return NULL;
    uint32_t k = (uint32_t)(id - SS_TYPE_ENUM_FIRST) / 2;
    if (k >= atomic_load(&nslots))
        return NULL;
    ss_enum_type *e = atomic_load(&slots[k]);
    return e && !e->dropped ? e : NULL;
}

/* A dropped type's descriptor stays usable: a plan bound before its DROP may still print
   values of it. */
static ss_enum_type *slot_of(int32_t id)
{
    uint32_t k = (uint32_t)(id - SS_TYPE_ENUM_FIRST) / 2;
    return k < atomic_load(&nslots) ? atomic_load(&slots[k]) : NULL;
}

const ss_type_def *enum_type_def(int32_t id)
{
    if (!ss_type_is_enum(id))
        return NULL;
    ss_enum_type *e = slot_of(id);
    return e ? &e->def : NULL;
}

const ss_type_info *enum_array_info(int32_t id)
{
    if (!ss_type_is_enum_array(id))
        return NULL;
    ss_enum_type *e = slot_of(id - 1);
    return e ? &e->array_info : NULL;
}

static bool retire(ss_enum_type *e, const void *p)
{
    if (e->nretired == e->cap_retired) {
        uint32_t cap = e->cap_retired ? e->cap_retired * 2 : 4;
        void **r = realloc(e->retired, cap * sizeof *r);
        if (!r)
            return false;
        e->retired = r;
        e->cap_retired = cap;
    }
    e->retired[e->nretired++] = (void *)p;
    return true;
}

static enum_labels *labels_new(uint32_t n)
{
    enum_labels *l = calloc(1, sizeof *l + (n ? n : 1) * sizeof(enum_label));
    if (l)
        l->n = n;
    return l;
}

static int oom(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int enum_type_create(ss_ctx *ctx, const void *owner, const void *ns, const char *name, const char *const *labels,
                     uint32_t n, uint64_t created, ss_xid xid, ss_enum_type **out)
{
    ss_enum_type *e = calloc(1, sizeof *e);
    enum_labels *l = labels_new(n);
    char *nm = strdup(name);
    bool ok = e && l && nm;
    for (uint32_t i = 0; ok && i < n; i++) {
        ok = (l->items[i].name = strdup(labels[i])) != NULL;
        l->items[i].sort = (double)(float)(i + 1);
        l->items[i].created = i;
    }
    if (!ok) {
        for (uint32_t i = 0; l && i < n; i++)
            free(l->items[i].name);
        free(l);
        free(nm);
        free(e);
        return oom(ctx);
    }
    e->owner = owner;
    e->ns = ns;
    e->created = created;
    e->ddl.created = xid;
    atomic_store(&e->name, nm);
    atomic_store(&e->labels, l);
    pthread_mutex_lock(&mu);
    uint32_t k = atomic_load(&nslots);
    if (k == ENUM_MAX_TYPES) {
        pthread_mutex_unlock(&mu);
        for (uint32_t i = 0; i < n; i++)
            free(l->items[i].name);
        free(l);
        free(nm);
        free(e);
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "too many enum types (at most %d per process)",
                            ENUM_MAX_TYPES);
    }
    e->id = SS_TYPE_ENUM_FIRST + (int32_t)(2 * k);
    enum_type_describe(e);
    atomic_store(&slots[k], e);
    atomic_store(&nslots, k + 1);
    pthread_mutex_unlock(&mu);
    *out = e;
    return SS_OK;
}

ss_enum_type *enum_type_find(const void *owner, const void *ns, const char *name)
{
    uint32_t n = atomic_load(&nslots);
    for (uint32_t k = 0; k < n; k++) {
        ss_enum_type *e = atomic_load(&slots[k]);
        if (e && !e->dropped && e->owner == owner && e->ns == ns && ss_ddl_visible(&e->ddl) &&
            strcmp(atomic_load(&e->name), name) == 0)
            return e;
    }
    return NULL;
}

bool enum_type_pending_other(const void *owner, const void *ns, const char *name)
{
    uint32_t n = atomic_load(&nslots);
    for (uint32_t k = 0; k < n; k++) {
        ss_enum_type *e = atomic_load(&slots[k]);
        if (e && !e->dropped && e->owner == owner && e->ns == ns && ss_ddl_pending_other(&e->ddl) &&
            strcmp(atomic_load(&e->name), name) == 0)
            return true;
    }
    return false;
}

int enum_types_of(const void *owner, ss_enum_type ***out, uint32_t *count)
{
    *out = NULL;
    *count = 0;
    uint32_t n = atomic_load(&nslots), m = 0;
    for (uint32_t k = 0; k < n; k++) {
        ss_enum_type *e = atomic_load(&slots[k]);
        m += e && !e->dropped && e->owner == owner && ss_ddl_visible(&e->ddl);
    }
    if (!m)
        return SS_OK;
    ss_enum_type **r = malloc(m * sizeof *r);
    if (!r)
        return SS_ERROR;
    uint32_t at = 0;
    for (uint32_t k = 0; k < n && at < m; k++) {
        ss_enum_type *e = atomic_load(&slots[k]);
        if (e && !e->dropped && e->owner == owner && ss_ddl_visible(&e->ddl))
            r[at++] = e;
    }
    *out = r;
    *count = at;
    return SS_OK;
}

void enum_type_drop(ss_enum_type *e)
{
    pthread_mutex_lock(&mu);
    e->dropped = true;
    pthread_mutex_unlock(&mu);
}

void enum_types_forget_owner(const void *owner)
{
    pthread_mutex_lock(&mu);
    uint32_t n = atomic_load(&nslots);
    for (uint32_t k = 0; k < n; k++) {
        ss_enum_type *e = atomic_load(&slots[k]);
        if (e && e->owner == owner) {
            e->owner = NULL;
            e->ns = NULL;
            e->dropped = true;
        }
    }
    pthread_mutex_unlock(&mu);
}

const enum_label *enum_label_by_sort(const enum_labels *l, double sort)
{
    uint32_t lo = 0, hi = l->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (l->items[mid].sort < sort)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < l->n && l->items[lo].sort == sort ? &l->items[lo] : NULL;
}

const enum_label *enum_label_by_name(const enum_labels *l, const char *name, size_t len)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (strlen(l->items[i].name) == len && memcmp(l->items[i].name, name, len) == 0)
            return &l->items[i];
    return NULL;
}

bool enum_label_visible(const enum_label *l)
{
    ss_ddl_stamp s = {atomic_load(&l->added), 0, 0};
    return ss_ddl_visible(&s);
}

int enum_label_check(ss_ctx *ctx, const ss_enum_type *e, const enum_label *l)
{
    if (!atomic_load(&l->added))
        return SS_OK;
    char buf[SS_NS_REF_MAX + 8];
    ss_ctx_error(ctx, "55P04", "unsafe use of new value \"%s\" of enum type %s", l->name,
                 enum_display_name(e->id, buf, sizeof buf));
    ss_ctx_error_hint(ctx, "New enum values must be committed before they can be used.");
    return SS_ERROR;
}

/* A copy of l with room for extra more labels (names shared: the old list is retired, not
   its names). */
static void label_copy(enum_label *to, const enum_label *from)
{
    to->name = from->name;
    to->sort = from->sort;
    to->created = from->created;
    atomic_store(&to->added, atomic_load(&from->added));
}

static enum_labels *labels_copy(const enum_labels *l, uint32_t extra)
{
    enum_labels *c = labels_new(l->n + extra);
    if (c) {
        for (uint32_t i = 0; i < l->n; i++)
            label_copy(&c->items[i], &l->items[i]);
        c->n = l->n;
    }
    return c;
}

/* enum_add_label under mu: the list copied is the current one (a COMMIT's enum_commit_added
   is not lost). */
static int add_label_locked(ss_ctx *ctx, ss_enum_type *e, const char *label, const char *neighbor, bool after,
                            ss_xid added)
{
    const enum_labels *l = atomic_load(&e->labels);
    /* PostgreSQL makes a second ADD VALUE wait for the first's transaction (a lock on the
       type); the sort positions of one rolled back would not be those the image replays */
    for (uint32_t i = 0; i < l->n; i++)
        if (!enum_label_visible(&l->items[i]))
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: ALTER TYPE ... ADD VALUE while another transaction's "
                                "ADD VALUE to enum %s is uncommitted",
                                atomic_load(&e->name));
    uint32_t at = l->n; /* the new label's position */
    float order;
    if (!neighbor) {
        order = l->n ? (float)l->items[l->n - 1].sort + 1 : 1;
    } else {
        const enum_label *nb = enum_label_by_name(l, neighbor, strlen(neighbor));
        uint32_t k = (uint32_t)(nb - l->items);
        /* PostgreSQL's AddEnumLabel: the midpoint of the neighbor and the label on its other
           side, or one beyond the neighbor at an end, in float4 */
        at = after ? k + 1 : k;
        bool end = after ? k + 1 == l->n : k == 0;
        float a = (float)nb->sort;
        if (end) {
            order = after ? a + 1 : a - 1;
        } else {
            float b = (float)l->items[after ? k + 1 : k - 1].sort;
            order = (a + b) / 2;
            if (order == a || order == b)
                return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                    "feature not supported: ALTER TYPE ... ADD VALUE where PostgreSQL renumbers "
                                    "the sort positions of enum %s",
                                    atomic_load(&e->name));
        }
    }
    enum_labels *c = labels_copy(l, 1);
    char *nm = strdup(label);
    if (!c || !nm) {
        free(c);
        free(nm);
        return oom(ctx);
    }
    uint32_t created = 0;
    for (uint32_t i = 0; i < l->n; i++)
        if (l->items[i].created >= created)
            created = l->items[i].created + 1;
    for (uint32_t i = l->n; i > at; i--)
        label_copy(&c->items[i], &c->items[i - 1]);
    c->items[at].name = nm;
    c->items[at].sort = (double)order;
    c->items[at].created = created;
    atomic_store(&c->items[at].added, added);
    c->n = l->n + 1;
    bool ok = retire(e, l);
    if (ok)
        atomic_store(&e->labels, c);
    if (!ok) {
        free(c);
        free(nm);
        return oom(ctx);
    }
    return SS_OK;
}

int enum_add_label(ss_ctx *ctx, ss_enum_type *e, const char *label, const char *neighbor, bool after,
                   ss_xid added)
{
    pthread_mutex_lock(&mu);
    int rc = add_label_locked(ctx, e, label, neighbor, after, added);
    pthread_mutex_unlock(&mu);
    return rc;
}

bool enum_remove_added(ss_enum_type *e, ss_xid added, const char *label)
{
    pthread_mutex_lock(&mu);
    const enum_labels *l = atomic_load(&e->labels);
    enum_labels *c = labels_new(l->n);
    bool ok = c && retire(e, l);
    if (ok) {
        uint32_t m = 0;
        for (uint32_t i = 0; i < l->n; i++)
            if (atomic_load(&l->items[i].added) != added || strcmp(l->items[i].name, label) != 0)
                label_copy(&c->items[m++], &l->items[i]);
            else
                (void)retire(e, l->items[i].name); /* (memory out: leaked, not freed under a reader) */
        c->n = m;
        atomic_store(&e->labels, c);
    } else {
        free(c);
    }
    pthread_mutex_unlock(&mu);
    return ok;
}

void enum_commit_added(ss_enum_type *e, ss_xid added)
{
    pthread_mutex_lock(&mu);
    const enum_labels *l = atomic_load(&e->labels);
    for (uint32_t i = 0; i < l->n; i++) {
        ss_xid x = added;
        atomic_compare_exchange_strong(&((enum_label *)&l->items[i])->added, &x, 0);
    }
    pthread_mutex_unlock(&mu);
}

int enum_rename_label(ss_ctx *ctx, ss_enum_type *e, const char *from, const char *to)
{
    pthread_mutex_lock(&mu);
    const enum_labels *l = atomic_load(&e->labels);
    enum_labels *c = labels_copy(l, 0);
    char *nm = strdup(to);
    const enum_label *old = enum_label_by_name(l, from, strlen(from));
    if (!c || !nm || !old) {
        pthread_mutex_unlock(&mu);
        free(c);
        free(nm);
        return old ? oom(ctx) : ss_ctx_error(ctx, "22023", "\"%s\" is not an existing enum label", from);
    }
    uint32_t k = (uint32_t)(old - l->items);
    bool ok = retire(e, l) && retire(e, old->name);
    if (ok) {
        c->items[k].name = nm;
        atomic_store(&e->labels, c);
    }
    pthread_mutex_unlock(&mu);
    if (!ok) {
        free(c);
        free(nm);
        return oom(ctx);
    }
    return SS_OK;
}

int enum_rename(ss_ctx *ctx, ss_enum_type *e, const char *name)
{
    char *nm = strdup(name);
    size_t len = strlen(name);
    char *arr = malloc(len + 3), *internal = malloc(len + 2);
    if (!nm || !arr || !internal) {
        free(nm);
        free(arr);
        free(internal);
        return oom(ctx);
    }
    memcpy(arr, name, len);
    memcpy(arr + len, "[]", 3);
    internal[0] = '_';
    memcpy(internal + 1, name, len + 1);
    pthread_mutex_lock(&mu);
    const char *old = atomic_load(&e->name), *old_arr = atomic_load(&e->array_name),
               *old_internal = atomic_load(&e->array_internal);
    bool ok = retire(e, old) && retire(e, old_arr) && retire(e, old_internal);
    if (ok) {
        atomic_store(&e->name, nm);
        atomic_store(&e->array_name, arr);
        atomic_store(&e->array_internal, internal);
        e->def.internal_name = e->def.display_name = e->info.name = nm;
        e->array_info.name = arr;
    }
    pthread_mutex_unlock(&mu);
    if (!ok) {
        free(nm);
        free(arr);
        free(internal);
        return oom(ctx);
    }
    return SS_OK;
}

const char *enum_array_internal_name(int32_t id)
{
    ss_enum_type *e = ss_type_is_enum_array(id) ? slot_of(id - 1) : NULL;
    return e ? atomic_load(&e->array_internal) : NULL;
}

const char *enum_display_name(int32_t id, char *buf, size_t n)
{
    bool array = ss_type_is_enum_array(id);
    ss_enum_type *e = array ? slot_of(id - 1) : ss_type_is_enum(id) ? slot_of(id) : NULL;
    if (!e)
        return "???";
    if (!buf || !n)
        return array ? atomic_load(&e->array_name) : atomic_load(&e->name);
    /* format_type: quote_ident of each part, the schema when it is not on the search path */
    char q[SS_NS_REF_MAX];
    const char *name = atomic_load(&e->name);
    bool qualified = e->owner && e->ns && strcmp(ss_ns_display(e->owner, e->ns, name, q, sizeof q), name) != 0;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (qualified) {
        const char *schema = ss_ns_name(e->ns);
        ss_quote_ident_append(&sb, schema, strlen(schema));
        ss_strbuf_putc(&sb, '.');
    }
    ss_quote_ident_append(&sb, name, strlen(name));
    snprintf(buf, n, "%s%s", sb.data ? sb.data : name, array ? "[]" : "");
    ss_strbuf_free(&sb);
    return buf;
}
