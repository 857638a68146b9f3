/* test_native_fuzz.c — a small file-format fuzzer of the native storage library: a database
 * (checkpointed pages plus a WAL of later commits) is mutated at random — flipped bits, random
 * bytes, truncations, and page or WAL-record edits with their checksums recomputed, so the
 * decoders behind the checksums are reached too — then opened, scanned and written. Errors
 * are fine; a crash, hang or sanitizer report is the failure. SUNSTONE_NATIVE_FUZZ_ITERS sets
 * the number of mutated files (ctest: 200). */
#include <sys/wait.h>
#include <time.h>

#include "check_suite.h"
#include "native_rowgroup.h"
#include "native_test_util.h"

static uint8_t *base_db, *base_wal;
static size_t base_db_len, base_wal_len;
static char wal_path[320];

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *p = malloc(*len + 1);
    ck_assert_uint_eq(fread(p, 1, *len, f), *len);
    fclose(f);
    return p;
}

static void spit(const char *path, const uint8_t *p, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(p, 1, len, f), len);
    fclose(f);
}

static void append_group(native_txn *t, uint64_t root, int64_t base, uint32_t n)
{
    int64_t *ids = malloc(n * 8);
    double *f = malloc(n * 8);
    uint8_t *b = malloc(n), *nulls = malloc(n), *bytes = malloc((size_t)n * 12);
    uint32_t *off = malloc((n + 1) * 4), at = 0;
    for (uint32_t i = 0; i < n; i++) {
        ids[i] = base + (i % 7 == 0 ? 5 : (int64_t)i);
        f[i] = (double)i * 0.5;
        b[i] = i & 1;
        nulls[i] = i % 5 == 0;
        off[i] = at;
        at += (uint32_t)sprintf((char *)bytes + at, "v%u", i % (i < n / 2 ? 3 : 1000));
    }
    off[n] = at;
    native_column c[4] = {{.type = NATIVE_COL_INT64, .i64 = ids, .nulls = nulls},
                          {.type = NATIVE_COL_FLOAT64, .f64 = f},
                          {.type = NATIVE_COL_BOOL, .b = b, .nulls = nulls},
                          {.type = NATIVE_COL_BYTES, .offsets = off, .bytes = bytes}};
    native_error e = {0};
    ck_assert_msg(native_table_append(t, root, c, 4, n, native_txn_xid(t), 0, NULL, &e) == 0, "%s", e.message);
    free(ids);
    free(f);
    free(b);
    free(nulls);
    free(bytes);
    free(off);
}

static void build_base(void)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t root;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    append_group(t, root, 0, 700);
    append_group(t, root, 1000, 1300);
    char cat[64];
    snprintf(cat, sizeof cat, "root=%llu", (unsigned long long)root);
    ck_assert_int_eq(native_txn_set_catalog(t, cat, strlen(cat), &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    nt_close(db);
    /* later commits stay in the WAL: a child commits and dies */
    pid_t pid = fork();
    if (pid == 0) {
        native_db *c = native_db_open(nt_path, NULL, NULL);
        native_txn *ct = c ? native_txn_begin(c, 2, NULL) : NULL;
        if (!ct)
            _exit(1);
        append_group(ct, root, 5000, 400);
        if (native_rowgroup_set_xmax(ct, root, 0, 2, 0, NULL) == 0) { /* root is no row group: refused */
        }
        if (native_txn_commit(ct, 2, NULL) != 0)
            _exit(2);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    snprintf(wal_path, sizeof wal_path, "%s-wal", nt_path);
    base_db = slurp(nt_path, &base_db_len);
    base_wal = slurp(wal_path, &base_wal_len);
}

static uint32_t rnd(void) { return (uint32_t)rand(); }

static void reseal_pages(uint8_t *db, size_t len)
{
    for (size_t p = 0; (p + 1) * NATIVE_PAGE_SIZE <= len; p++)
        native_page_seal(db + p * NATIVE_PAGE_SIZE, p, native_page_lsn(db + p * NATIVE_PAGE_SIZE));
}

/* Recomputes the CRC of every WAL record the header's epoch covers, so edits reach replay. */
static void reseal_wal(uint8_t *w, size_t len)
{
    if (len < 64)
        return;
    uint64_t epoch;
    memcpy(&epoch, w + 24, 8);
    uint32_t seed = (uint32_t)(epoch ^ (epoch >> 32) ^ 0x5EED5EEDu);
    size_t off = 64;
    while (off + 24 <= len) {
        uint32_t total;
        memcpy(&total, w + off + 4, 4);
        if (total < 24 || total > len - off)
            break;
        uint32_t c = native_crc(seed, w + off + 4, total - 4);
        memcpy(w + off, &c, 4);
        off += total;
    }
}

static void mutate(uint8_t *db, size_t *dlen, uint8_t *wal, size_t *wlen)
{
    int mode = (int)(rnd() % 8);
    uint8_t *target = (mode % 2) ? wal : db;
    size_t tlen = (mode % 2) ? *wlen : *dlen;
    if (tlen == 0)
        return;
    switch (mode) {
    case 0: case 1: /* flipped bits */
        for (unsigned k = 1 + rnd() % 8; k > 0; k--)
            target[rnd() % tlen] ^= (uint8_t)(1u << (rnd() % 8));
        break;
    case 2: case 3: /* truncation */
        if (mode == 2)
            *dlen = rnd() % (*dlen + 1);
        else
            *wlen = rnd() % (*wlen + 1);
        break;
    case 4: /* page edits behind valid checksums */
        for (unsigned k = 1 + rnd() % 6; k > 0; k--) {
            size_t at = rnd() % tlen;
            target[at] = (uint8_t)(rnd() % 3 == 0 ? 0xFF : rnd());
        }
        reseal_pages(db, *dlen);
        break;
    case 5: /* WAL record edits behind valid CRCs */
        for (unsigned k = 1 + rnd() % 6; k > 0; k--) {
            size_t at = 64 + rnd() % (tlen > 64 ? tlen - 64 : 1);
            if (at < tlen)
                target[at] = (uint8_t)rnd();
        }
        reseal_wal(wal, *wlen);
        break;
    default: /* random bytes over a range, pages resealed or not */
        for (size_t at = rnd() % tlen, n = 1 + rnd() % 64; n > 0 && at < tlen; n--, at++)
            target[at] = (uint8_t)rnd();
        if (rnd() % 2)
            reseal_pages(db, *dlen);
        break;
    }
}

static void exercise(void)
{
    native_options o;
    native_options_default(&o);
    o.cache_pages = 16;
    native_error e = {0};
    native_db *db = native_db_open(nt_path, &o, &e);
    if (!db) {
        ck_assert(e.sqlstate[0] != '\0' && e.message[0] != '\0');
        return;
    }
    uint8_t *cat;
    uint64_t n;
    unsigned long long root = 0;
    if (native_db_read_catalog(db, NULL, &cat, &n, &e) == 0) {
        char buf[64] = {0};
        memcpy(buf, cat, n < 63 ? n : 63);
        if (sscanf(buf, "root=%llu", &root) != 1)
            root = 2;
        free(cat);
    } else
        root = 2;
    unsigned proj[5] = {0, 1, 2, 3, 7};
    native_pred preds[2] = {{.col = 0, .op = NATIVE_OP_GE, .i64 = 10}, {.col = 3, .op = NATIVE_OP_EQ, .bytes = (const uint8_t *)"v1", .len = 2}};
    for (unsigned np = 0; np < 2; np++) {
        native_scan *s = native_scan_open(db, NULL, root, proj, 4 + np, preds, np * 2, &e);
        if (!s)
            continue;
        native_batch *b;
        uint64_t sum = 0;
        while (native_scan_next(s, &b, &e) == 1)
            for (uint32_t i = 0; i < b->nrows; i++)
                sum += (uint64_t)b->cols[0].i64[i] + b->xmax[i] + b->cols[3].offsets[i + 1];
        (void)sum;
        native_scan_close(s);
    }
    native_txn *t = native_txn_begin(db, 99, &e);
    if (t) {
        uint64_t r2;
        if (native_table_create(t, &r2, &e) == 0 && native_txn_set_catalog(t, "x", 1, &e) == 0)
            native_txn_commit(t, 99, &e);
        else
            native_txn_abort(t);
    }
    native_db_close(db, &e);
}

START_TEST(mutated_files_do_not_crash)
{
    build_base();
    const char *env = getenv("SUNSTONE_NATIVE_FUZZ_ITERS");
    int iters = env ? atoi(env) : 200;
    unsigned seed = (unsigned)time(NULL);
    fprintf(stderr, "native fuzz: seed %u, %d files\n", seed, iters);
    srand(seed);
    uint8_t *db = malloc(base_db_len + 1), *wal = malloc(base_wal_len + 1);
    int opened = 0;
    for (int i = 0; i < iters; i++) {
        size_t dlen = base_db_len, wlen = base_wal_len;
        memcpy(db, base_db, dlen);
        memcpy(wal, base_wal, wlen);
        for (unsigned k = 1 + rnd() % 2; k > 0; k--)
            mutate(db, &dlen, wal, &wlen);
        spit(nt_path, db, dlen);
        spit(wal_path, wal, wlen);
        native_error e = {0};
        native_db *probe = native_db_open(nt_path, NULL, &e);
        if (probe) {
            opened++;
            native_db_close(probe, &e);
            spit(nt_path, db, dlen); /* exercise the mutated files themselves */
            spit(wal_path, wal, wlen);
        }
        exercise();
    }
    fprintf(stderr, "native fuzz: %d of %d mutated databases opened\n", opened, iters);
    free(db);
    free(wal);
    free(base_db);
    free(base_wal);
}
END_TEST

static void add(TCase *tc)
{
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, mutated_files_do_not_crash);
}

int main(void) { return run_suite("native_fuzz", nt_setup, nt_teardown, add); }
