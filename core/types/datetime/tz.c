/* tz.c — time zones: the IANA database's TZif files (RFC 8536, the version 2+ 64-bit data and
 * the POSIX TZ footer that describes times after the table), POSIX TZ specifications, fixed
 * offsets, and the questions the date/time code asks a zone (local offset of a UTC time, the
 * next transition, what an abbreviation means).  Zones are loaded once and cached for the
 * process. */
#include "types/datetime/datetime.h"

#include <ctype.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define ZONEINFO_DIR "/usr/share/zoneinfo"
#define TZ_MAX_NAME 256

typedef struct tz_type {
    int32_t utoff;  /* seconds east */
    bool isdst;
    char abbr[40];
} tz_type;

/* one rule date of a POSIX TZ string: Jn, n or Mm.w.d, with the local time of the switch */
typedef struct tz_rule_date {
    char kind; /* 'J', 'D' (zero-based day), 'M' */
    int day, week, mon;
    int32_t secs;
} tz_rule_date;

typedef struct tz_posix {
    bool valid;
    bool has_dst;
    tz_type std, dst;
    tz_rule_date start, end;
} tz_posix;

struct dt_zone {
    char name[TZ_MAX_NAME];
    int64_t *ats;     /* transition times, ascending */
    uint8_t *idx;     /* type of each transition */
    uint32_t timecnt;
    tz_type *types;
    uint32_t typecnt;
    tz_posix rule;    /* for times after the last transition (and all times if none) */
    struct dt_zone *next;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct dt_zone *cache;

/* ---- POSIX TZ strings --------------------------------------------------------------------------- */

static const char *parse_name(const char *p, char *out, size_t n, size_t min_len)
{
    size_t k = 0;
    if (*p == '<') {
        p++;
        while (*p && *p != '>') {
            if (k + 1 < n)
                out[k++] = *p;
            p++;
        }
        if (*p != '>')
            return NULL;
        p++;
    } else {
        while (isalpha((unsigned char)*p)) {
            if (k + 1 < n)
                out[k++] = *p;
            p++;
        }
    }
    out[k] = '\0';
    return k >= min_len ? p : NULL;
}

/* [+-]hh[:mm[:ss]], hours up to max; *secs as written (positive = the sign given) */
static const char *parse_hms(const char *p, int maxh, int32_t *secs)
{
    int sign = 1;
    if (*p == '+' || *p == '-')
        sign = *p++ == '-' ? -1 : 1;
    if (!isdigit((unsigned char)*p))
        return NULL;
    int h = 0, m = 0, s = 0;
    while (isdigit((unsigned char)*p))
        h = h * 10 + (*p++ - '0');
    if (h > maxh)
        return NULL;
    if (*p == ':') {
        p++;
        if (!isdigit((unsigned char)*p))
            return NULL;
        while (isdigit((unsigned char)*p))
            m = m * 10 + (*p++ - '0');
        if (*p == ':') {
            p++;
            if (!isdigit((unsigned char)*p))
                return NULL;
            while (isdigit((unsigned char)*p))
                s = s * 10 + (*p++ - '0');
        }
    }
    if (m > 59 || s > 59)
        return NULL;
    *secs = sign * (h * 3600 + m * 60 + s);
    return p;
}

static const char *parse_rule_date(const char *p, tz_rule_date *r)
{
    r->secs = 2 * 3600;
    if (*p == 'J' || isdigit((unsigned char)*p)) {
        r->kind = *p == 'J' ? 'J' : 'D';
        if (*p == 'J')
            p++;
        if (!isdigit((unsigned char)*p))
            return NULL;
        r->day = 0;
        while (isdigit((unsigned char)*p))
            r->day = r->day * 10 + (*p++ - '0');
        if ((r->kind == 'J' && (r->day < 1 || r->day > 365)) || r->day > 365)
            return NULL;
    } else if (*p == 'M') {
        r->kind = 'M';
        if (sscanf(p, "M%d.%d.%d", &r->mon, &r->week, &r->day) != 3 || r->mon < 1 || r->mon > 12 ||
            r->week < 1 || r->week > 5 || r->day < 0 || r->day > 6)
            return NULL;
        p++;
        for (int dots = 0; *p && (isdigit((unsigned char)*p) || (*p == '.' && dots < 2)); p++)
            dots += *p == '.';
    } else {
        return NULL;
    }
    if (*p == '/') {
        p = parse_hms(p + 1, 167, &r->secs);
        if (!p)
            return NULL;
    }
    return p;
}

static bool parse_posix(const char *s, tz_posix *out)
{
    memset(out, 0, sizeof *out);
    int32_t off;
    /* PostgreSQL allows an empty standard-time name ('-03:30'), unlike IANA's 3 letters */
    const char *p = parse_name(s, out->std.abbr, sizeof out->std.abbr, 0);
    if (!p || !(p = parse_hms(p, 167, &off)))
        return false;
    out->std.utoff = -off;
    if (*p) {
        p = parse_name(p, out->dst.abbr, sizeof out->dst.abbr, 3);
        if (!p)
            return false;
        out->has_dst = true;
        out->dst.isdst = true;
        out->dst.utoff = out->std.utoff + 3600;
        if (*p && *p != ',') {
            if (!(p = parse_hms(p, 167, &off)))
                return false;
            out->dst.utoff = -off;
        }
        if (*p == ',') {
            if (!(p = parse_rule_date(p + 1, &out->start)) || *p != ',' ||
                !(p = parse_rule_date(p + 1, &out->end)))
                return false;
        } else {
            /* PostgreSQL's default rule when a DST name has none: the US rules */
            out->start = (tz_rule_date){'M', 0, 2, 3, 7200};
            out->end = (tz_rule_date){'M', 0, 1, 11, 7200};
        }
        if (*p)
            return false;
    }
    out->valid = true;
    return true;
}

/* Unix seconds of 00:00 UTC on the rule date of year y, plus the rule's local time. */
static int64_t rule_time(int y, const tz_rule_date *r)
{
    int jan1 = dt_date2j(y, 1, 1);
    int jd;
    if (r->kind == 'J')
        jd = jan1 + r->day - 1 + (dt_isleap(y) && r->day >= 60 ? 1 : 0);
    else if (r->kind == 'D')
        jd = jan1 + r->day;
    else {
        int first = dt_date2j(y, r->mon, 1);
        int d = first + ((r->day - dt_j2day(first)) + 7) % 7 + (r->week - 1) * 7;
        int last = first + dt_days_in_month(y, r->mon) - 1;
        while (d > last)
            d -= 7;
        jd = d;
    }
    return (int64_t)(jd - UNIX_EPOCH_JDATE) * SECS_PER_DAY + r->secs;
}

/* the year (Gregorian, UTC) of Unix time t */
static int year_of(int64_t t)
{
    int64_t d = t / SECS_PER_DAY;
    if (t % SECS_PER_DAY < 0)
        d--;
    int y, m, dd;
    dt_j2date((int)(d + UNIX_EPOCH_JDATE), &y, &m, &dd);
    return y;
}

/* the DST start and end of year y in UTC */
static void rule_year(const tz_posix *r, int y, int64_t *start, int64_t *end)
{
    *start = rule_time(y, &r->start) - r->std.utoff;
    *end = rule_time(y, &r->end) - r->dst.utoff;
}

static const tz_type *rule_local(const tz_posix *r, int64_t t)
{
    if (!r->has_dst)
        return &r->std;
    int y = year_of(t);
    int64_t s, e;
    rule_year(r, y, &s, &e);
    if (s < e)
        return t >= s && t < e ? &r->dst : &r->std;
    /* southern hemisphere: DST spans the new year */
    return t >= e && t < s ? &r->std : &r->dst;
}

/* the first rule transition after t: its time and the types either side */
static void rule_next(const tz_posix *r, int64_t t, int64_t *when, const tz_type **before, const tz_type **after)
{
    int y = year_of(t);
    int64_t best = INT64_MAX;
    bool best_is_start = false;
    for (int k = y - 1; k <= y + 1; k++) {
        int64_t s, e;
        rule_year(r, k, &s, &e);
        if (s > t && s < best) {
            best = s;
            best_is_start = true;
        }
        if (e > t && e < best) {
            best = e;
            best_is_start = false;
        }
    }
    *when = best;
    *before = best_is_start ? &r->std : &r->dst;
    *after = best_is_start ? &r->dst : &r->std;
}

/* ---- TZif files --------------------------------------------------------------------------------- */

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const uint8_t *p)
{
    return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

typedef struct tzif_counts {
    uint32_t isut, isstd, leap, time, type, chars;
} tzif_counts;

static bool read_counts(const uint8_t *p, size_t n, tzif_counts *c, int *version)
{
    if (n < 44 || memcmp(p, "TZif", 4) != 0)
        return false;
    *version = p[4] ? p[4] - '0' : 1;
    c->isut = be32(p + 20);
    c->isstd = be32(p + 24);
    c->leap = be32(p + 28);
    c->time = be32(p + 32);
    c->type = be32(p + 36);
    c->chars = be32(p + 40);
    return c->type > 0 && c->type <= 256 && c->time < 100000 && c->chars < 1000;
}

static size_t block_size(const tzif_counts *c, int tsize)
{
    return (size_t)c->time * tsize + c->time + (size_t)c->type * 6 + c->chars + (size_t)c->leap * (tsize + 4) +
           c->isstd + c->isut;
}

/* Parses a TZif image into z (RFC 8536): the 64-bit block of version 2+ files (the 32-bit one
 * of version 1), and the footer. */
bool dt_tzif_parse(const uint8_t *buf, size_t n, dt_zone *z);
bool dt_tzif_parse(const uint8_t *buf, size_t n, dt_zone *z)
{
    tzif_counts c;
    int version;
    if (!read_counts(buf, n, &c, &version))
        return false;
    const uint8_t *p = buf + 44;
    int tsize = 4;
    if (version >= 2) {
        size_t skip = block_size(&c, 4);
        if (44 + skip > n || !read_counts(buf + 44 + skip, n - 44 - skip, &c, &version))
            return false;
        p = buf + 44 + skip + 44;
        tsize = 8;
    }
    size_t need = block_size(&c, tsize);
    if ((size_t)(p - buf) + need > n)
        return false;
    z->timecnt = c.time;
    z->typecnt = c.type;
    z->ats = malloc(sizeof(int64_t) * (c.time ? c.time : 1));
    z->idx = malloc(c.time ? c.time : 1);
    z->types = calloc(c.type, sizeof(tz_type));
    if (!z->ats || !z->idx || !z->types)
        return false;
    for (uint32_t i = 0; i < c.time; i++)
        z->ats[i] = tsize == 8 ? be64(p + (size_t)i * 8) : (int32_t)be32(p + (size_t)i * 4);
    p += (size_t)c.time * tsize;
    for (uint32_t i = 0; i < c.time; i++) {
        z->idx[i] = p[i];
        if (p[i] >= c.type)
            return false;
    }
    p += c.time;
    const uint8_t *tt = p, *chars = p + (size_t)c.type * 6;
    for (uint32_t i = 0; i < c.type; i++) {
        z->types[i].utoff = (int32_t)be32(tt + i * 6);
        z->types[i].isdst = tt[i * 6 + 4] != 0;
        uint8_t ai = tt[i * 6 + 5];
        if (ai < c.chars)
            snprintf(z->types[i].abbr, sizeof z->types[i].abbr, "%.*s", (int)strnlen((const char *)chars + ai, c.chars - ai),
                     (const char *)chars + ai);
    }
    p += need - (size_t)c.time * tsize - c.time;
    /* the footer: "\n" POSIX-TZ "\n" */
    if (version >= 2 && (size_t)(p - buf) < n && *p == '\n') {
        const uint8_t *e = memchr(p + 1, '\n', n - (size_t)(p - buf) - 1);
        if (e && e > p + 1) {
            char spec[128];
            snprintf(spec, sizeof spec, "%.*s", (int)(e - p - 1), (const char *)p + 1);
            parse_posix(spec, &z->rule);
        }
    }
    return true;
}

/* Resolves name under the zone directory case-insensitively, writing its own spelling. */
static bool find_file(const char *name, char *path, size_t plen, char *canon, size_t clen)
{
    size_t pl = (size_t)snprintf(path, plen, "%s", ZONEINFO_DIR), cl = 0;
    const char *part = name;
    canon[0] = '\0';
    for (;;) {
        size_t n = strcspn(part, "/");
        if (n == 0 || n >= 256 || (n <= 2 && part[0] == '.'))
            return false;
        DIR *d = opendir(path);
        if (!d)
            return false;
        const struct dirent *ent;
        bool found = false;
        while (!found && (ent = readdir(d)) != NULL)
            found = strlen(ent->d_name) == n && strncasecmp(ent->d_name, part, n) == 0;
        if (found) {
            pl += (size_t)snprintf(path + pl, plen - pl, "/%s", ent->d_name);
            cl += (size_t)snprintf(canon + cl, clen - cl, "%s%s", cl ? "/" : "", ent->d_name);
        }
        closedir(d);
        if (!found || pl >= plen || cl >= clen)
            return false;
        if (part[n] == '\0')
            break;
        part += n + 1;
    }
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static bool load_file(const char *path, dt_zone *z)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 8192;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return false;
            }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        if (r == 0)
            break;
        n += r;
    }
    fclose(f);
    bool ok = dt_tzif_parse(buf, n, z);
    free(buf);
    return ok;
}

static void zone_free(dt_zone *z)
{
    free(z->ats);
    free(z->idx);
    free(z->types);
    free(z);
}

static const dt_zone *cache_find(const char *name)
{
    for (dt_zone *z = cache; z; z = z->next)
        if (strcasecmp(z->name, name) == 0)
            return z;
    return NULL;
}

static const dt_zone *cache_add(dt_zone *z)
{
    const dt_zone *old = cache_find(z->name);
    if (old) {
        zone_free(z);
        return old;
    }
    z->next = cache;
    cache = z;
    return z;
}

/* the cached zone named name (*hit), or a new empty one to fill (NULL on out of memory) */
static dt_zone *cache_lookup_or_new(const char *name, const dt_zone **hit)
{
    pthread_mutex_lock(&cache_lock);
    *hit = cache_find(name);
    pthread_mutex_unlock(&cache_lock);
    return *hit ? NULL : calloc(1, sizeof(dt_zone));
}

const dt_zone *dt_tz_load(const char *name)
{
    if (!name[0] || strlen(name) >= TZ_MAX_NAME || strstr(name, ".."))
        return NULL;
    const dt_zone *hit;
    dt_zone *z = cache_lookup_or_new(name, &hit);
    if (!z)
        return hit;
    char path[1024];
    bool ok = false;
    if (name[0] != '/' && strcasecmp(name, "GMT") != 0 && find_file(name, path, sizeof path, z->name, sizeof z->name))
        ok = load_file(path, z);
    if (!ok) {
        free(z->ats);
        free(z->idx);
        free(z->types);
        memset(z, 0, sizeof *z);
        /* a POSIX TZ specification, named in upper case as PostgreSQL does */
        tz_posix r;
        if (strcasecmp(name, "UTC") == 0 || strcasecmp(name, "GMT") == 0)
            parse_posix(strcasecmp(name, "UTC") == 0 ? "UTC0" : "GMT0", &r);
        else if (!parse_posix(name, &r)) {
            free(z);
            return NULL;
        }
        z->rule = r;
        size_t i = 0;
        for (; name[i] && i + 1 < sizeof z->name; i++)
            z->name[i] = (char)toupper((unsigned char)name[i]);
        z->name[i] = '\0';
    }
    pthread_mutex_lock(&cache_lock);
    const dt_zone *r = cache_add(z);
    pthread_mutex_unlock(&cache_lock);
    return r;
}

const dt_zone *dt_tz_fixed(int gmtoff)
{
    int a = gmtoff < 0 ? -gmtoff : gmtoff;
    char off[32], name[80];
    int k = snprintf(off, sizeof off, "%02d", a / 3600);
    if (a % 3600) {
        k += snprintf(off + k, sizeof off - (size_t)k, ":%02d", a % 3600 / 60);
        if (a % 60)
            snprintf(off + k, sizeof off - (size_t)k, ":%02d", a % 60);
    }
    if (gmtoff < 0)
        snprintf(name, sizeof name, "<-%s>+%s", off, off);
    else
        snprintf(name, sizeof name, "<+%s>-%s", off, off);
    const dt_zone *hit;
    dt_zone *z = cache_lookup_or_new(name, &hit);
    if (!z)
        return hit;
    snprintf(z->name, sizeof z->name, "%s", name);
    z->rule.valid = true;
    z->rule.std.utoff = gmtoff;
    snprintf(z->rule.std.abbr, sizeof z->rule.std.abbr, "%c%s", gmtoff < 0 ? '-' : '+', off);
    pthread_mutex_lock(&cache_lock);
    const dt_zone *r = cache_add(z);
    pthread_mutex_unlock(&cache_lock);
    return r;
}

const char *dt_tz_name(const dt_zone *z)
{
    return z->name;
}

/* index of the last transition <= t, or -1 */
static int64_t last_at_or_before(const dt_zone *z, int64_t t)
{
    int64_t lo = 0, hi = z->timecnt;
    while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        if (t < z->ats[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo - 1;
}

static const tz_type *type_at(const dt_zone *z, int64_t t)
{
    if (z->timecnt == 0)
        return z->rule.valid ? rule_local(&z->rule, t) : &z->types[0];
    int64_t i = last_at_or_before(z, t);
    if (i < 0)
        return &z->types[0];
    if (i == (int64_t)z->timecnt - 1 && z->rule.valid)
        return rule_local(&z->rule, t);
    return &z->types[z->idx[i]];
}

void dt_tz_local(const dt_zone *z, int64_t t, int *gmtoff, int *isdst, const char **abbrev)
{
    const tz_type *ty = type_at(z, t);
    *gmtoff = ty->utoff;
    *isdst = ty->isdst;
    *abbrev = ty->abbr;
}

int dt_tz_next_boundary(const dt_zone *z, int64_t t, int *before_gmtoff, int *before_isdst, int64_t *boundary,
                        int *after_gmtoff, int *after_isdst)
{
    const tz_type *b, *a;
    if (z->timecnt == 0 || t >= z->ats[z->timecnt - 1]) {
        if (!z->rule.valid || !z->rule.has_dst) {
            b = z->timecnt == 0 ? (z->rule.valid ? &z->rule.std : &z->types[0]) : type_at(z, t);
            *before_gmtoff = b->utoff;
            *before_isdst = b->isdst;
            return 0;
        }
        rule_next(&z->rule, t, boundary, &b, &a);
    } else if (t < z->ats[0]) {
        uint32_t i = 0;
        while (i < z->typecnt && z->types[i].isdst)
            i++;
        b = &z->types[i < z->typecnt ? i : 0];
        a = &z->types[z->idx[0]];
        *boundary = z->ats[0];
    } else {
        int64_t i = last_at_or_before(z, t);
        b = &z->types[z->idx[i]];
        a = &z->types[z->idx[i + 1]];
        *boundary = z->ats[i + 1];
    }
    *before_gmtoff = b->utoff;
    *before_isdst = b->isdst;
    *after_gmtoff = a->utoff;
    *after_isdst = a->isdst;
    return 1;
}

bool dt_tz_abbrev_offset(const dt_zone *z, const char *abbrev, int64_t t, int *gmtoff, int *isdst)
{
    if (z->rule.valid && (z->timecnt == 0 || t >= z->ats[z->timecnt - 1])) {
        const tz_type *c[2] = {&z->rule.std, &z->rule.dst};
        for (int k = 0; k < (z->rule.has_dst ? 2 : 1); k++)
            if (strcasecmp(c[k]->abbr, abbrev) == 0) {
                *gmtoff = c[k]->utoff;
                *isdst = c[k]->isdst;
                return true;
            }
    }
    int64_t cut = last_at_or_before(z, t) + 1;
    for (int64_t i = cut - 1; i >= 0; i--)
        if (strcasecmp(z->types[z->idx[i]].abbr, abbrev) == 0) {
            *gmtoff = z->types[z->idx[i]].utoff;
            *isdst = z->types[z->idx[i]].isdst;
            return true;
        }
    for (int64_t i = cut; i < (int64_t)z->timecnt; i++)
        if (strcasecmp(z->types[z->idx[i]].abbr, abbrev) == 0) {
            *gmtoff = z->types[z->idx[i]].utoff;
            *isdst = z->types[z->idx[i]].isdst;
            return true;
        }
    return false;
}
