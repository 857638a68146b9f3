/* test_native_btree.c — the native storage library's B+tree (native_btree.h): many keys in
 * random order split leaves and internal nodes and read back in order (also after reopen),
 * DESC / NULLS FIRST and multi-column order, duplicates of one key, bounds both ways and
 * prefix reads, lazy deletes that free emptied leaves (so delete / insert rounds do not grow
 * the tree), long text keys near the entry limit and one above it, the bulk load, and an
 * aborted write that leaves the stored tree as it was. Every test ends with nbt_check. */
#include "check_suite.h"
#include "native_btree.h"
#include "native_test_util.h"

static const nbt_col int_col[1] = {{.cls = NBT_INT}};

/* A new committed tree of ncols columns. */
static nbt_tree make_tree(native_db *db, uint32_t ncols, const nbt_col *cols)
{
    native_error e = {0};
    native_txn *txn = native_txn_begin(db, 0, &e);
    ck_assert_ptr_nonnull(txn);
    nbt_tree t;
    ck_assert_msg(nbt_create(txn, ncols, cols, &t, &e) == 0, "create: %s", e.message);
    ck_assert_msg(native_txn_commit_sync(txn, 0, 0, &e) == 0, "commit: %s", e.message);
    return t;
}

static void check_tree(const nbt_tree *t)
{
    native_error e = {0};
    ck_assert_msg(nbt_check(t, &e) == 0, "check: %s", e.message);
}

/* The encoded entry of one int key (NULL when null) and row id. */
static size_t int_entry(const nbt_tree *t, int64_t v, int null, uint64_t rowid, uint8_t *out)
{
    nbt_value x = {.is_null = null, .i = v};
    return nbt_encode(t, rowid, &x, 1, out);
}

/* Inserts n entries (key keys[i], row id i + 1) in transactions of per entries. */
static void insert_ints(nbt_tree *t, const int64_t *keys, size_t n, size_t per)
{
    native_error e = {0};
    for (size_t i = 0; i < n;) {
        native_txn *txn = native_txn_begin(t->db, 0, &e);
        ck_assert_ptr_nonnull(txn);
        for (size_t k = 0; k < per && i < n; k++, i++) {
            uint8_t buf[32];
            size_t len = int_entry(t, keys[i], 0, i + 1, buf);
            ck_assert_msg(nbt_insert(t, txn, buf, len, &e) == 0, "insert: %s", e.message);
        }
        ck_assert_int_eq(nbt_save(t, txn, &e), 0);
        ck_assert_msg(native_txn_commit_sync(txn, 0, 0, &e) == 0, "commit: %s", e.message);
    }
}

/* What a read visits: row ids and the first int key of each entry. */
typedef struct seen {
    uint64_t *rowids;
    int64_t *keys;
    size_t n, cap;
} seen;

static int record(void *arg, const uint8_t *entry, size_t len)
{
    (void)len;
    seen *s = arg;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->rowids = realloc(s->rowids, s->cap * sizeof *s->rowids);
        s->keys = realloc(s->keys, s->cap * sizeof *s->keys);
    }
    s->rowids[s->n] = nbt_entry_rowid(entry);
    int64_t k = 0;
    if (entry[8])
        memcpy(&k, entry + 9, 8);
    s->keys[s->n++] = entry[8] ? k : INT64_MIN;
    return 0;
}

static void seen_free(seen *s)
{
    free(s->rowids);
    free(s->keys);
    memset(s, 0, sizeof *s);
}

/* Reads everything between from and stop (NULL: open) into s, in chunks of chunk entries
 * continued after the last one (as the module's scans do). */
static void read_range(const nbt_tree *t, const nbt_bound *from, const nbt_bound *stop, int backward, size_t chunk,
                       seen *s)
{
    static const uint8_t none[8];
    nbt_bound open_end = {none, 0, 0, 1};
    nbt_bound f = from ? *from : open_end, st = stop ? *stop : open_end;
    uint8_t *last = NULL;
    for (;;) {
        uint8_t *l;
        size_t ll;
        int done;
        native_error e = {0};
        ck_assert_msg(nbt_read(t, NULL, &f, &st, backward, chunk, record, s, &l, &ll, &done, &e) == 0, "read: %s",
                      e.message);
        if (l) {
            free(last);
            last = l;
            f = (nbt_bound){last, t->ncols, 1, 0};
        }
        if (done || !l)
            break;
    }
    free(last);
}

START_TEST(many_keys_random_order)
{
    native_db *db = nt_open(NULL);
    nbt_tree t = make_tree(db, 1, int_col);
    enum { N = 60000 };
    int64_t *keys = malloc(N * sizeof *keys);
    for (size_t i = 0; i < N; i++)
        keys[i] = (int64_t)((i * 7919u) % N) - N / 2; /* a permutation of -N/2 .. N/2-1 */
    insert_ints(&t, keys, N, 700);
    ck_assert_int_eq(t.entries, N);
    ck_assert_uint_ge(t.height, 1);
    check_tree(&t);
    uint64_t anchor = t.anchor;
    nt_close(db);
    db = nt_open(NULL);
    native_error e = {0};
    ck_assert_msg(nbt_open(db, anchor, 1, int_col, &t, &e) == 0, "open: %s", e.message);
    ck_assert_int_eq(t.entries, N);
    check_tree(&t);
    seen s = {0};
    read_range(&t, NULL, NULL, 0, 333, &s);
    ck_assert_uint_eq(s.n, N);
    for (size_t i = 0; i < N; i++)
        ck_assert_int_eq(s.keys[i], (int64_t)i - N / 2);
    seen_free(&s);
    read_range(&t, NULL, NULL, 1, 1000, &s);
    ck_assert_uint_eq(s.n, N);
    for (size_t i = 0; i < N; i++)
        ck_assert_int_eq(s.keys[i], N / 2 - 1 - (int64_t)i);
    seen_free(&s);
    /* a wrong column description is refused */
    static const nbt_col desc_col[1] = {{.cls = NBT_INT, .flags = NBT_DESC}};
    ck_assert_int_ne(nbt_open(db, anchor, 1, desc_col, &t, &e), 0);
    ck_assert_str_eq(e.sqlstate, "XX001");
    free(keys);
    nt_close(db);
}
END_TEST

START_TEST(order_desc_nulls_first_and_duplicates)
{
    native_db *db = nt_open(NULL);
    /* (a DESC, b NULLS FIRST) */
    static const nbt_col cols[2] = {{.cls = NBT_INT, .flags = NBT_DESC}, {.cls = NBT_BYTES, .flags = NBT_NULLS_FIRST}};
    nbt_tree t = make_tree(db, 2, cols);
    native_error e = {0};
    native_txn *txn = native_txn_begin(db, 0, &e);
    /* a in {1, 2, NULL} x b in {NULL, "a", "b"}, each twice (row ids differ) */
    const char *bs[3] = {NULL, "a", "b"};
    uint64_t rowid = 1;
    for (int rep = 0; rep < 2; rep++)
        for (int ai = 0; ai < 3; ai++)
            for (int bi = 2; bi >= 0; bi--) {
                nbt_value v[2] = {{.is_null = ai == 2, .i = ai + 1},
                                  {.is_null = bs[bi] == NULL, .ptr = bs[bi], .len = bs[bi] ? 1 : 0}};
                uint8_t buf[64];
                size_t len = nbt_encode(&t, rowid++, v, 2, buf);
                ck_assert_int_eq(nbt_insert(&t, txn, buf, len, &e), 0);
            }
    ck_assert_int_eq(nbt_save(&t, txn, &e), 0);
    ck_assert_int_eq(native_txn_commit_sync(txn, 0, 0, &e), 0);
    check_tree(&t);
    seen s = {0};
    read_range(&t, NULL, NULL, 0, 5, &s);
    ck_assert_uint_eq(s.n, 18);
    /* DESC puts 2 before 1; NULL stays last (NULLS LAST unless NULLS FIRST, DESC or not) */
    int64_t want_a[3] = {2, 1, INT64_MIN};
    for (size_t i = 0; i < 18; i++)
        ck_assert_int_eq(s.keys[i], want_a[i / 6]);
    /* within a = 2: b NULL first, then "a", "b"; duplicates ordered by row id */
    uint64_t first = s.rowids[0], second = s.rowids[1];
    ck_assert_uint_lt(first, second);
    seen_free(&s);
    /* prefix read: a = 1 (six entries), and the NULLs of b within a = 1 */
    nbt_value one[2] = {{.i = 1}, {.is_null = 1}};
    uint8_t probe[64];
    nbt_encode(&t, 0, one, 1, probe);
    nbt_bound b1 = {probe, 1, 0, 1};
    read_range(&t, &b1, &b1, 0, 2, &s);
    ck_assert_uint_eq(s.n, 6);
    seen_free(&s);
    uint8_t probe2[64];
    nbt_encode(&t, 0, one, 2, probe2);
    nbt_bound b2 = {probe2, 2, 0, 1};
    read_range(&t, &b2, &b2, 1, 1, &s);
    ck_assert_uint_eq(s.n, 2);
    seen_free(&s);
    /* exclusive: after a = 2 (DESC order: 1 and NULL), backward before a = 1 exclusive (2) */
    nbt_value two = {.i = 2};
    uint8_t p2[32];
    nbt_encode(&t, 0, &two, 1, p2);
    nbt_bound after2 = {p2, 1, 0, 0};
    read_range(&t, &after2, NULL, 0, 4, &s);
    ck_assert_uint_eq(s.n, 12);
    seen_free(&s);
    nbt_bound before1 = {probe, 1, 0, 0};
    read_range(&t, &before1, NULL, 1, 4, &s);
    ck_assert_uint_eq(s.n, 6);
    ck_assert_int_eq(s.keys[0], 2);
    seen_free(&s);
    nt_close(db);
}
END_TEST

START_TEST(deletes_free_leaves)
{
    native_db *db = nt_open(NULL);
    nbt_tree t = make_tree(db, 1, int_col);
    enum { N = 30000 };
    int64_t *keys = malloc(N * sizeof *keys);
    uint64_t pages_after_first = 0;
    native_error e = {0};
    for (int round = 0; round < 4; round++) {
        int64_t base = (int64_t)round * N;
        for (size_t i = 0; i < N; i++)
            keys[i] = base + (int64_t)i;
        size_t had = (size_t)t.entries;
        /* row ids continue so that entries stay distinct */
        for (size_t i = 0; i < N;) {
            native_txn *txn = native_txn_begin(db, 0, &e);
            for (size_t k = 0; k < 1000 && i < N; k++, i++) {
                uint8_t buf[32];
                size_t len = int_entry(&t, keys[i], 0, (uint64_t)base + i + 1, buf);
                ck_assert_int_eq(nbt_insert(&t, txn, buf, len, &e), 0);
            }
            ck_assert_int_eq(nbt_save(&t, txn, &e), 0);
            ck_assert_int_eq(native_txn_commit_sync(txn, 0, 0, &e), 0);
        }
        ck_assert_uint_eq((size_t)t.entries, had + N);
        /* delete all but the last 1000 keys of every round so far, one per transaction */
        for (size_t i = 0; i < N - 1000; i++) {
            native_txn *txn = native_txn_begin(db, 0, &e);
            uint8_t buf[32];
            int_entry(&t, keys[i], 0, (uint64_t)base + i + 1, buf);
            int removed = 0;
            ck_assert_int_eq(nbt_remove(&t, txn, buf, &removed, &e), 0);
            ck_assert_int_eq(removed, 1);
            ck_assert_int_eq(nbt_save(&t, txn, &e), 0);
            ck_assert_int_eq(native_txn_commit_sync(txn, 0, 0, &e), 0);
        }
        check_tree(&t);
        if (round == 0)
            pages_after_first = t.pages;
    }
    ck_assert_int_eq(t.entries, 4 * 1000);
    /* emptied leaves were freed: the tree holds about what 4000 entries need */
    ck_assert_uint_le(t.pages, pages_after_first + 20);
    ck_assert_uint_le(t.pages, 40);
    /* a missing entry is not removed */
    native_txn *txn = native_txn_begin(db, 0, &e);
    uint8_t buf[32];
    int_entry(&t, 5, 0, 6, buf);
    int removed = 1;
    ck_assert_int_eq(nbt_remove(&t, txn, buf, &removed, &e), 0);
    ck_assert_int_eq(removed, 0);
    native_txn_abort(txn);
    seen s = {0};
    read_range(&t, NULL, NULL, 0, 999, &s);
    ck_assert_uint_eq(s.n, 4000);
    for (size_t i = 1; i < s.n; i++)
        ck_assert_int_lt(s.keys[i - 1], s.keys[i]);
    seen_free(&s);
    read_range(&t, NULL, NULL, 1, 7, &s);
    ck_assert_uint_eq(s.n, 4000);
    seen_free(&s);
    free(keys);
    nt_close(db);
}
END_TEST

START_TEST(long_text_keys)
{
    native_db *db = nt_open(NULL);
    static const nbt_col text_col[1] = {{.cls = NBT_BYTES}};
    nbt_tree t = make_tree(db, 1, text_col);
    enum { N = 1500, LEN = 1980 };
    char *text = malloc(LEN);
    uint8_t *buf = malloc(NBT_MAX_ENTRY + 64);
    native_error e = {0};
    native_txn *txn = native_txn_begin(db, 0, &e);
    for (int i = 0; i < N; i++) {
        int k = (i * 37) % N;
        memset(text, 'x', LEN);
        snprintf(text + LEN - 8, 8, "%07d", k); /* keys differ only at their end */
        nbt_value v = {.ptr = text, .len = LEN - 1};
        size_t len = nbt_encode(&t, (uint64_t)k + 1, &v, 1, buf);
        ck_assert_uint_le(len, NBT_MAX_ENTRY);
        ck_assert_msg(nbt_insert(&t, txn, buf, len, &e) == 0, "insert: %s", e.message);
    }
    ck_assert_int_eq(nbt_save(&t, txn, &e), 0);
    ck_assert_int_eq(native_txn_commit_sync(txn, 0, 0, &e), 0);
    check_tree(&t);
    ck_assert_uint_ge(t.height, 2); /* four entries a page: internal nodes split too */
    seen s = {0};
    read_range(&t, NULL, NULL, 0, 100, &s);
    ck_assert_uint_eq(s.n, N);
    for (size_t i = 0; i < s.n; i++)
        ck_assert_uint_eq(s.rowids[i], i + 1);
    seen_free(&s);
    /* one byte over the limit is refused */
    char *big = malloc(NBT_MAX_ENTRY);
    memset(big, 'y', NBT_MAX_ENTRY);
    nbt_value v = {.ptr = big, .len = NBT_MAX_ENTRY - 8 - 3 + 1};
    uint8_t *bb = malloc(NBT_MAX_ENTRY + 64);
    size_t len = nbt_encode(&t, 99999, &v, 1, bb);
    ck_assert_uint_eq(len, NBT_MAX_ENTRY + 1);
    txn = native_txn_begin(db, 0, &e);
    ck_assert_int_ne(nbt_insert(&t, txn, bb, len, &e), 0);
    ck_assert_str_eq(e.sqlstate, "54000");
    native_txn_abort(txn);
    free(big);
    free(bb);
    free(text);
    free(buf);
    nt_close(db);
}
END_TEST

START_TEST(bulk_build_then_insert)
{
    native_db *db = nt_open(NULL);
    nbt_tree t = make_tree(db, 1, int_col);
    enum { N = 300000 };
    uint8_t *store = malloc((size_t)N * 32);
    const uint8_t **entries = malloc(N * sizeof *entries);
    size_t *lens = malloc(N * sizeof *lens);
    for (size_t i = 0; i < N; i++) {
        entries[i] = store + 32 * i;
        lens[i] = int_entry(&t, (int64_t)(2 * i), i % 1000 == 999, i + 1, store + 32 * i);
    }
    /* NULLs sort last: move them to the end to keep the input sorted */
    size_t k = 0;
    const uint8_t **sorted = malloc(N * sizeof *sorted);
    size_t *slens = malloc(N * sizeof *slens);
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < N; i++)
            if ((store[32 * i + 8] == 0) == (pass == 1)) {
                sorted[k] = entries[i];
                slens[k++] = lens[i];
            }
    native_error e = {0};
    ck_assert_msg(nbt_build(&t, sorted, slens, N, &e) == 0, "build: %s", e.message);
    ck_assert_int_eq(t.entries, N);
    check_tree(&t);
    /* odd keys go between the built ones */
    int64_t *odd = malloc(5000 * sizeof *odd);
    for (size_t i = 0; i < 5000; i++)
        odd[i] = (int64_t)(2 * ((i * 104729) % (N - 1)) + 1);
    insert_ints(&t, odd, 5000, 1000);
    check_tree(&t);
    uint64_t anchor = t.anchor;
    nt_close(db);
    db = nt_open(NULL);
    ck_assert_int_eq(nbt_open(db, anchor, 1, int_col, &t, &e), 0);
    ck_assert_int_eq(t.entries, N + 5000);
    check_tree(&t);
    /* a range: keys in [1000, 2000] */
    nbt_value lo = {.i = 1000}, hi = {.i = 2000};
    uint8_t pl[32], ph[32];
    nbt_encode(&t, 0, &lo, 1, pl);
    nbt_encode(&t, 0, &hi, 1, ph);
    nbt_bound from = {pl, 1, 0, 1}, stop = {ph, 1, 0, 1};
    seen s = {0};
    read_range(&t, &from, &stop, 0, 64, &s);
    size_t want = 0;
    for (int64_t x = 1000; x <= 2000; x += 2)
        want += (x / 2) % 1000 != 999;
    for (size_t i = 0; i < 5000; i++)
        want += odd[i] >= 1000 && odd[i] <= 2000;
    ck_assert_uint_eq(s.n, want);
    seen_free(&s);
    free(odd);
    free(sorted);
    free(slens);
    free(store);
    free(entries);
    free(lens);
    nt_close(db);
}
END_TEST

START_TEST(aborted_write_leaves_tree)
{
    native_db *db = nt_open(NULL);
    nbt_tree t = make_tree(db, 1, int_col);
    int64_t keys[500];
    for (int i = 0; i < 500; i++)
        keys[i] = i;
    insert_ints(&t, keys, 500, 500);
    nbt_tree saved = t;
    native_error e = {0};
    native_txn *txn = native_txn_begin(db, 0, &e);
    for (int i = 0; i < 3000; i++) {
        uint8_t buf[32];
        size_t len = int_entry(&t, 10000 + i, 0, 10000 + i, buf);
        ck_assert_int_eq(nbt_insert(&t, txn, buf, len, &e), 0);
    }
    native_txn_abort(txn);
    t = saved;
    check_tree(&t);
    nt_close(db);
    db = nt_open(NULL);
    ck_assert_int_eq(nbt_open(db, saved.anchor, 1, int_col, &t, &e), 0);
    ck_assert_int_eq(t.entries, 500);
    check_tree(&t);
    nt_close(db);
}
END_TEST

static void add(TCase *tc)
{
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, many_keys_random_order);
    tcase_add_test(tc, order_desc_nulls_first_and_duplicates);
    tcase_add_test(tc, deletes_free_leaves);
    tcase_add_test(tc, long_text_keys);
    tcase_add_test(tc, bulk_build_then_insert);
    tcase_add_test(tc, aborted_write_leaves_tree);
}

int main(void) { return run_suite("native_btree", nt_setup, nt_teardown, add); }
