/* to_timestamp.c — to_date(text, text) and to_timestamp(text, text): PostgreSQL 15's reading of
 * a string by a template (YYYY YYY YY Y Y,YYY CC MM Mon Month RM DD DDD D Dy Day J IYYY IW ID
 * IDDD WW W Q HH HH12 HH24 MI SS SSSS MS US FF1-6 AM PM BC AD TZH TZM, the FM / FX prefixes
 * and TH suffixes, separators matching any separator, quoted text), with its defaults (year
 * 1 BC, January, the 1st), its errors (22007 invalid value / conflicting values / source
 * string too short with DETAIL and HINT, 22008 out-of-range fields) and the session's
 * TimeZone for a result without TZH. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/datetime/dt_func.h"
#include "types/datetime/dt_types.h"

enum {
    P_YCOMMA, P_YYYY, P_YYY, P_YY, P_Y, P_CC, P_MM, P_MONTH, P_MON, P_RM, P_DDD, P_DD, P_DAY, P_DY, P_D,
    P_J, P_IYYY, P_IYY, P_IY, P_IDDD, P_ID, P_IW, P_I, P_WW, P_W, P_Q, P_HH24, P_HH12, P_HH, P_MI, P_SSSSS,
    P_SSSS, P_SS, P_MS, P_US, P_FF1, P_FF2, P_FF3, P_FF4, P_FF5, P_FF6, P_AM, P_PM, P_A_M, P_P_M, P_BC, P_AD,
    P_B_C, P_A_D, P_TZH, P_TZM, P_TZ, P_OF, P_FX
};

typedef struct pkey {
    const char *name;
    int id, len; /* digits of a numeric field; 0 a text field */
} pkey;

/* longest first where one name starts another */
static const pkey keys[] = {
    {"Y,YYY", P_YCOMMA, 5}, {"YYYY", P_YYYY, 4}, {"YYY", P_YYY, 3},     {"YY", P_YY, 2},      {"Y", P_Y, 1},
    {"CC", P_CC, 2},        {"MM", P_MM, 2},     {"MONTH", P_MONTH, 0}, {"MON", P_MON, 0},    {"MI", P_MI, 2},
    {"MS", P_MS, 3},        {"RM", P_RM, 0},     {"DDD", P_DDD, 3},     {"DD", P_DD, 2},      {"DAY", P_DAY, 0},
    {"DY", P_DY, 0},        {"D", P_D, 1},       {"J", P_J, 7},         {"IYYY", P_IYYY, 4},  {"IYY", P_IYY, 3},
    {"IY", P_IY, 2},        {"IDDD", P_IDDD, 3}, {"ID", P_ID, 1},       {"IW", P_IW, 2},      {"I", P_I, 1},
    {"WW", P_WW, 2},        {"W", P_W, 1},       {"Q", P_Q, 1},         {"HH24", P_HH24, 2},  {"HH12", P_HH12, 2},
    {"HH", P_HH, 2},        {"SSSSS", P_SSSSS, 5}, {"SSSS", P_SSSS, 5}, {"SS", P_SS, 2},      {"US", P_US, 6},
    {"FF1", P_FF1, 1},      {"FF2", P_FF2, 2},   {"FF3", P_FF3, 3},     {"FF4", P_FF4, 4},    {"FF5", P_FF5, 5},
    {"FF6", P_FF6, 6},      {"A.M.", P_A_M, 0},  {"AM", P_AM, 0},       {"P.M.", P_P_M, 0},   {"PM", P_PM, 0},
    {"B.C.", P_B_C, 0},     {"BC", P_BC, 0},     {"A.D.", P_A_D, 0},    {"AD", P_AD, 0},      {"TZH", P_TZH, 2},
    {"TZM", P_TZM, 2},      {"TZ", P_TZ, 0},     {"OF", P_OF, 0},       {"FX", P_FX, 0},
};

enum { N_END, N_KEY, N_SEP, N_CHAR };

typedef struct pnode {
    int type;
    const pkey *key;
    bool fm, th;
} pnode;

/* The fields read so far (PostgreSQL's TmFromChar); set[] says which were given. */
enum { F_YEAR, F_CC, F_MON, F_MDAY, F_YDAY, F_WDAY, F_J, F_HOUR, F_MIN, F_SEC, F_SSSS, F_MS, F_US, F_PM, F_BC,
       F_TZH, F_TZM, F_WW, F_W, F_IYEAR, F_IW, F_ID, F_IDDD, F_CLOCK12, F_NFIELDS };

typedef struct pfields {
    long v[F_NFIELDS];
    bool set[F_NFIELDS];
    const char *setby[F_NFIELDS];
    int yysz; /* digits the year was given with (2 and 3 are widened) */
    int fsec_digits;
    bool tzh_neg;
} pfields;

static const char *const months[] = {"january", "february", "march",     "april",   "may",      "june",
                                     "july",    "august",   "september", "october", "november", "december"};
static const char *const days[] = {"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};
static const char *const rmonths[] = {"XII", "XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I"};

static const char *fm_hint = "If your source string is not fixed-width, try using the \"FM\" modifier.";

static bool is_sep(char c)
{
    return c != '\0' && !isalnum((unsigned char)c) && !((unsigned char)c & 0x80);
}

static int set_field(ss_ctx *ctx, pfields *f, int k, long v, const char *name)
{
    if (f->set[k] && f->v[k] != v) {
        ss_ctx_error(ctx, "22007", "conflicting values for \"%s\" field in formatting string", name);
        ss_ctx_error_detail(ctx, "This value contradicts a previous setting for the same field type.");
        return SS_ERROR;
    }
    f->v[k] = v, f->set[k] = true, f->setby[k] = name;
    return SS_OK;
}

/* The next template node at *fp; FM / FX / TH handled. */
static size_t next_node(const char *fmt, size_t flen, size_t at, pnode *n, const char **text, size_t *tlen)
{
    memset(n, 0, sizeof *n);
    if (at >= flen) {
        n->type = N_END;
        return at;
    }
    if (flen - at >= 2 && strncasecmp(fmt + at, "FM", 2) == 0) {
        n->fm = true;
        at += 2;
    }
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        size_t l = strlen(keys[k].name);
        if (flen - at >= l && strncasecmp(fmt + at, keys[k].name, l) == 0) {
            n->type = N_KEY, n->key = &keys[k];
            at += l;
            if (flen - at >= 2 && strncasecmp(fmt + at, "TH", 2) == 0 && keys[k].len > 0)
                n->th = true, at += 2;
            return at;
        }
    }
    if (fmt[at] == '"') { /* quoted text: one input character per character */
        size_t k = at + 1;
        while (k < flen && fmt[k] != '"') {
            if (fmt[k] == '\\' && k + 1 < flen)
                k++;
            k++;
        }
        n->type = N_CHAR;
        *text = fmt + at + 1, *tlen = (k < flen ? k : flen) - at - 1;
        return k < flen ? k + 1 : k;
    }
    n->type = is_sep(fmt[at]) ? N_SEP : N_CHAR;
    if (fmt[at] == '\\' && at + 1 < flen)
        at++;
    *text = fmt + at, *tlen = 1;
    return at + 1;
}

/* Whether the node after at is a separator or the end (a numeric field then reads freely). */
static bool next_is_separator(const char *fmt, size_t flen, size_t at)
{
    pnode n;
    const char *t;
    size_t tl;
    next_node(fmt, flen, at, &n, &t, &tl);
    if (n.type == N_END)
        return true;
    if (n.type == N_KEY) /* TZH is not a digit field in PostgreSQL's table (it reads a sign) */
        return n.key->len == 0 || n.key->id == P_TZH;
    return !isdigit((unsigned char)t[0]);
}

static size_t mblen_at(const char *s)
{
    size_t l = 1;
    while (s[l] && ((unsigned char)s[l] & 0xC0) == 0x80)
        l++;
    return l;
}

/* A numeric field at *s: fixed width unless FM or a separator follows. */
static int read_int(ss_ctx *ctx, const char **sp, const pnode *n, bool free_width, long *out)
{
    const char *s = *sp;
    int len = n->key->len;
    const char *name = n->key->name;
    char copy[32];
    size_t avail = strlen(s);
    if (free_width) {
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (end == s) {
            snprintf(copy, sizeof copy, "%.*s", (int)(avail < (size_t)len ? avail : (size_t)len), s);
            ss_ctx_error(ctx, "22007", "invalid value \"%s\" for \"%s\"", copy, name);
            ss_ctx_error_detail(ctx, "Value must be an integer.");
            return SS_ERROR;
        }
        if (errno == ERANGE || v > INT32_MAX || v < INT32_MIN) {
            snprintf(copy, sizeof copy, "%.*s", (int)(end - s > 20 ? 20 : end - s), s);
            ss_ctx_error(ctx, "22008", "value for \"%s\" in source string is out of range", name);
            ss_ctx_error_detail(ctx, "Value must be in the range %d to %d.", INT32_MIN, INT32_MAX);
            return SS_ERROR;
        }
        *out = v;
        *sp = end;
        return SS_OK;
    }
    if (avail < (size_t)len) {
        ss_ctx_error(ctx, "22007", "source string too short for \"%s\" formatting field", name);
        ss_ctx_error_detail(ctx, "Field requires %d characters, but only %d remain.", len, (int)avail);
        ss_ctx_error_hint(ctx, "%s", fm_hint);
        return SS_ERROR;
    }
    snprintf(copy, sizeof copy, "%.*s", len, s);
    char *end;
    long v = strtol(copy, &end, 10);
    if (end == copy) {
        ss_ctx_error(ctx, "22007", "invalid value \"%s\" for \"%s\"", copy, name);
        ss_ctx_error_detail(ctx, "Value must be an integer.");
        return SS_ERROR;
    }
    if (end - copy < len) {
        ss_ctx_error(ctx, "22007", "invalid value \"%s\" for \"%s\"", copy, name);
        ss_ctx_error_detail(ctx, "Field requires %d characters, but only %d could be parsed.", len, (int)(end - copy));
        ss_ctx_error_hint(ctx, "%s", fm_hint);
        return SS_ERROR;
    }
    *out = v;
    *sp = s + len;
    return SS_OK;
}

/* A word of a list at *s (case-insensitive; prefix names when abbrev); its index or -1. */
static int read_word(const char **sp, const char *const *list, int n, int abbrev)
{
    for (int k = 0; k < n; k++) {
        size_t l = abbrev ? (size_t)abbrev : strlen(list[k]);
        if (strncasecmp(*sp, list[k], l) == 0) {
            *sp += l;
            return k;
        }
    }
    return -1;
}

static int bad_word(ss_ctx *ctx, const char *s, const char *name)
{
    size_t l = 0;
    while (s[l] && !isspace((unsigned char)s[l]) && l < 64)
        l++;
    ss_ctx_error(ctx, "22007", "invalid value \"%.*s\" for \"%s\"", (int)l, s, name);
    ss_ctx_error_detail(ctx, "The given value did not match any of the allowed values for this field.");
    return SS_ERROR;
}

/* A year given with fewer than 4 digits, as PostgreSQL completes it (the one nearest 2020) */
static long widen_year(long y)
{
    return y < 70 ? y + 2000 : y < 100 ? y + 1900 : y < 520 ? y + 2000 : y < 1000 ? y + 1000 : y;
}

static int read_field(ss_ctx *ctx, const char **sp, const pnode *n, bool free_width, pfields *f)
{
    const pkey *k = n->key;
    const char *name = k->name;
    long v = 0;
    int w;
    switch (k->id) {
    case P_MONTH:
    case P_MON:
        if ((w = read_word(sp, months, 12, k->id == P_MON ? 3 : 0)) < 0)
            return bad_word(ctx, *sp, n->key->id == P_MON ? "Mon" : "Month");
        return set_field(ctx, f, F_MON, w + 1, name);
    case P_DAY:
    case P_DY:
        if ((w = read_word(sp, days, 7, k->id == P_DY ? 3 : 0)) < 0)
            return bad_word(ctx, *sp, k->id == P_DY ? "Dy" : "Day");
        return set_field(ctx, f, F_WDAY, w, name);
    case P_RM:
        if ((w = read_word(sp, rmonths, 12, 0)) < 0)
            return bad_word(ctx, *sp, "RM");
        return set_field(ctx, f, F_MON, 12 - w, name);
    case P_AM:
    case P_PM:
    case P_A_M:
    case P_P_M:
    case P_BC:
    case P_AD:
    case P_B_C:
    case P_A_D: { /* the second of each pair sets the field: PM, BC */
        static const char *const ap[] = {"a.m.", "p.m.", "am", "pm"}, *const bc[] = {"A.D.", "B.C.", "AD", "BC"};
        bool meridiem = k->id == P_AM || k->id == P_PM || k->id == P_A_M || k->id == P_P_M;
        if ((w = read_word(sp, meridiem ? ap : bc, 4, 0)) < 0)
            return bad_word(ctx, *sp, name);
        if (set_field(ctx, f, meridiem ? F_PM : F_BC, w % 2, name))
            return SS_ERROR;
        return meridiem ? set_field(ctx, f, F_CLOCK12, 1, name) : SS_OK;
    }
    case P_TZ:
    case P_OF:
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "formatting field \"%s\" is only supported in to_char",
                            name);
    case P_TZH: {
        bool neg = **sp == '-';
        if (**sp == '-' || **sp == '+')
            (*sp)++;
        else if (**sp == ' ' && ((*sp)[1] == '-' || (*sp)[1] == '+'))
            neg = (*sp)[1] == '-', *sp += 2;
        if (read_int(ctx, sp, n, free_width, &v))
            return SS_ERROR;
        f->tzh_neg = neg;
        return set_field(ctx, f, F_TZH, neg ? -v : v, name);
    }
    case P_YCOMMA: {
        long th, rest;
        char *end;
        th = strtol(*sp, &end, 10);
        if (end == *sp || *end != ',')
            return bad_word(ctx, *sp, name);
        *sp = end + 1;
        rest = strtol(*sp, &end, 10);
        if (end - *sp != 3)
            return bad_word(ctx, *sp, name);
        *sp = end;
        f->yysz = 4;
        return set_field(ctx, f, F_YEAR, th * 1000 + rest, name);
    }
    default: break;
    }
    const char *before = *sp;
    if (read_int(ctx, sp, n, free_width, &v))
        return SS_ERROR;
    int digits = (int)(*sp - before);
    if (n->th) { /* an ordinal suffix in the input */
        if (strlen(*sp) >= 2 && isalpha((unsigned char)(*sp)[0]) && isalpha((unsigned char)(*sp)[1]))
            *sp += 2;
    }
    switch (k->id) {
    case P_YYYY:
        f->yysz = 4;
        return set_field(ctx, f, F_YEAR, v, name);
    case P_YYY:
    case P_YY:
    case P_Y:
        f->yysz = digits;
        return set_field(ctx, f, F_YEAR, digits < 4 ? widen_year(v) : v, name);
    case P_IYYY: return set_field(ctx, f, F_IYEAR, v, name);
    case P_IYY:
    case P_IY:
    case P_I: return set_field(ctx, f, F_IYEAR, digits < 4 ? widen_year(v) : v, name);
    case P_CC: return set_field(ctx, f, F_CC, v, name);
    case P_MM: return set_field(ctx, f, F_MON, v, name);
    case P_DD: return set_field(ctx, f, F_MDAY, v, name);
    case P_DDD: return set_field(ctx, f, F_YDAY, v, name);
    case P_IDDD: return set_field(ctx, f, F_IDDD, v, name);
    case P_D: return set_field(ctx, f, F_WDAY, v - 1, name);
    case P_ID: return set_field(ctx, f, F_ID, v, name);
    case P_J: return set_field(ctx, f, F_J, v, name);
    case P_IW: return set_field(ctx, f, F_IW, v, name);
    case P_WW: return set_field(ctx, f, F_WW, v, name);
    case P_W: return set_field(ctx, f, F_W, v, name);
    case P_Q: return SS_OK; /* accepted and ignored, as PostgreSQL does */
    case P_HH24: return set_field(ctx, f, F_HOUR, v, name);
    case P_HH:
    case P_HH12:
        if (set_field(ctx, f, F_CLOCK12, 1, name))
            return SS_ERROR;
        return set_field(ctx, f, F_HOUR, v, name);
    case P_MI: return set_field(ctx, f, F_MIN, v, name);
    case P_SS: return set_field(ctx, f, F_SEC, v, name);
    case P_SSSS:
    case P_SSSSS: return set_field(ctx, f, F_SSSS, v, name);
    case P_MS:
        for (int d = digits; d < 3; d++)
            v *= 10;
        return set_field(ctx, f, F_MS, v, name);
    case P_US:
    case P_FF1:
    case P_FF2:
    case P_FF3:
    case P_FF4:
    case P_FF5:
    case P_FF6:
        for (int d = digits; d < 6; d++)
            v *= 10;
        return set_field(ctx, f, F_US, v, name);
    case P_TZM: return set_field(ctx, f, F_TZM, v, name);
    default: return SS_OK;
    }
}

/* Reads str by fmt into f (PostgreSQL's DCH_from_char; std: its standard mode, for jsonpath). */
static int parse(ss_ctx *ctx, const char *str, const char *fmt, size_t flen, pfields *f, bool std)
{
    memset(f, 0, sizeof *f);
    const char *s = str;
    bool fx = false;
    size_t at = 0;
    for (;;) {
        pnode n;
        const char *text = NULL;
        size_t tlen = 0;
        size_t next = next_node(fmt, flen, at, &n, &text, &tlen);
        if (n.type == N_END || *s == '\0') {
            if (std && n.type != N_END)
                return ss_ctx_error(ctx, "22007", "input string is too short for datetime format");
            break;
        }
        at = next;
        if (n.type == N_KEY && n.key->id == P_FX) {
            fx = true;
            continue;
        }
        if (n.type == N_SEP && std) {
            if (*s != *text)
                return ss_ctx_error(ctx, "22007", "unmatched format separator \"%c\"", *text);
            s++;
            continue;
        }
        if (n.type == N_SEP) {
            if (fx || is_sep(*s) || isspace((unsigned char)*s))
                s += mblen_at(s);
            continue;
        }
        if (n.type == N_CHAR) {
            for (size_t k = 0; k < tlen && *s; k++)
                s += mblen_at(s);
            continue;
        }
        if (!fx)
            while (*s && isspace((unsigned char)*s))
                s++;
        if (*s == '\0')
            break;
        if (read_field(ctx, &s, &n, n.fm || next_is_separator(fmt, flen, at), f))
            return SS_ERROR;
    }
    if (std) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (*s)
            return ss_ctx_error(ctx, "22007", "trailing characters remain in input string after datetime format");
    }
    return SS_OK;
}

static int out_of_range(ss_ctx *ctx, const char *str)
{
    return ss_ctx_error(ctx, "22008", "date/time field value out of range: \"%s\"", str);
}

/* The date and time f gives (PostgreSQL's do_to_timestamp). */
static int build(ss_ctx *ctx, const char *str, pfields *f, dt_tm *tm, int64_t *fsec)
{
    memset(tm, 0, sizeof *tm);
    tm->mon = 1, tm->mday = 1;
    *fsec = 0;
    long *v = f->v;
    bool *set = f->set;
    if (set[F_SSSS]) {
        tm->hour = (int)(v[F_SSSS] / 3600);
        tm->min = (int)(v[F_SSSS] % 3600 / 60);
        tm->sec = (int)(v[F_SSSS] % 60);
    }
    if (set[F_HOUR])
        tm->hour = (int)v[F_HOUR];
    if (set[F_MIN])
        tm->min = (int)v[F_MIN];
    if (set[F_SEC])
        tm->sec = (int)v[F_SEC];
    if (set[F_CLOCK12]) {
        if (tm->hour < 1 || tm->hour > 12) {
            ss_ctx_error(ctx, "22008", "hour \"%d\" is invalid for the 12-hour clock", tm->hour);
            ss_ctx_error_hint(ctx, "Use the 24-hour clock, or give an hour between 1 and 12.");
            return SS_ERROR;
        }
        if (set[F_PM] && v[F_PM] && tm->hour < 12)
            tm->hour += 12;
        else if ((!set[F_PM] || !v[F_PM]) && tm->hour == 12)
            tm->hour = 0;
    }
    if (set[F_YEAR]) {
        long y = v[F_YEAR];
        if (set[F_CC] && f->yysz <= 2) { /* the century picks the years of a two-digit year */
            long cc = v[F_CC];
            y %= 100;
            if (y)
                y = cc >= 0 ? (cc - 1) * 100 + y : (cc + 1) * 100 - y + 1;
            else
                y = cc * 100 + (cc >= 0 ? 0 : 1);
        }
        if (set[F_BC] && v[F_BC]) {
            if (y > 0)
                y = -(y - 1);
        } else if (y < 0) { /* a negative year is BC */
            y = y + 1;
        }
        tm->year = (int)y;
    } else if (set[F_CC]) {
        long cc = v[F_CC];
        tm->year = (int)(cc > 0 ? (cc - 1) * 100 + 1 : cc * 100 + 1);
        if (set[F_BC] && v[F_BC] && tm->year > 0)
            tm->year = -(tm->year - 1);
    } else if (set[F_BC] && v[F_BC]) {
        tm->year = 0;
    }
    if (set[F_J]) {
        dt_j2date((int)v[F_J], &tm->year, &tm->mon, &tm->mday);
    } else if (set[F_IYEAR] || set[F_IW] || set[F_IDDD]) {
        int iy = set[F_IYEAR] ? (int)v[F_IYEAR] : tm->year;
        int j;
        if (set[F_IDDD])
            j = dt_isoweek2j(iy, 1) + (int)v[F_IDDD] - 1;
        else
            j = dt_isoweek2j(iy, set[F_IW] ? (int)v[F_IW] : 1) + (set[F_ID] ? (int)v[F_ID] - 1 : 0);
        dt_j2date(j, &tm->year, &tm->mon, &tm->mday);
    } else {
        if (set[F_WW] && !set[F_MDAY] && !set[F_YDAY]) {
            set[F_YDAY] = true;
            v[F_YDAY] = (v[F_WW] - 1) * 7 + 1;
        }
        if (set[F_YDAY] && !set[F_MON] && !set[F_MDAY]) {
            if (v[F_YDAY] < 1 || v[F_YDAY] > (dt_isleap(tm->year) ? 366 : 365))
                return out_of_range(ctx, str);
            int j = dt_date2j(tm->year, 1, 1) + (int)v[F_YDAY] - 1;
            dt_j2date(j, &tm->year, &tm->mon, &tm->mday);
        } else {
            if (set[F_MON])
                tm->mon = (int)v[F_MON];
            if (set[F_MDAY])
                tm->mday = (int)v[F_MDAY];
            else if (set[F_W] && set[F_MON])
                tm->mday = (int)(v[F_W] - 1) * 7 + 1;
        }
    }
    if (tm->mon < 1 || tm->mon > 12 || tm->mday < 1 || tm->mday > dt_days_in_month(tm->year, tm->mon))
        return out_of_range(ctx, str);
    if (tm->hour < 0 || tm->hour > 24 || tm->min < 0 || tm->min > 59 || tm->sec < 0 || tm->sec > 60 ||
        (tm->hour == 24 && (tm->min > 0 || tm->sec > 0)))
        return out_of_range(ctx, str);
    int64_t us = (set[F_MS] ? v[F_MS] * 1000 : 0) + (set[F_US] ? v[F_US] : 0);
    if (us < 0 || us >= 1000000)
        return out_of_range(ctx, str);
    *fsec = us;
    return SS_OK;
}

/* The west offset TZH / TZM gave. */
static int zone_west(const pfields *f)
{
    long h = f->set[F_TZH] ? f->v[F_TZH] : 0, m = f->set[F_TZM] ? f->v[F_TZM] : 0;
    bool neg = f->set[F_TZH] && (h < 0 || f->tzh_neg);
    long east = (h < 0 ? -h : h) * 3600 + m * 60;
    return (int)(neg ? east : -east);
}

int dt_parse_datetime(ss_ctx *ctx, const char *str, const char *fmt, size_t flen, dt_tm *tm, int64_t *fsec,
                      int *tz_west, int *what)
{
    pfields f;
    if (parse(ctx, str, fmt, flen, &f, true) || build(ctx, str, &f, tm, fsec))
        return SS_ERROR;
    *what = 0;
    for (size_t at = 0;;) { /* PostgreSQL's DCH_datetime_type */
        pnode n;
        const char *t;
        size_t tl;
        at = next_node(fmt, flen, at, &n, &t, &tl);
        if (n.type == N_END)
            break;
        if (n.type != N_KEY || n.key->id == P_FX)
            continue;
        switch (n.key->id) {
        case P_TZH:
        case P_TZM:
        case P_TZ:
        case P_OF: *what |= DT_PARSED_ZONE; break;
        case P_AM:
        case P_PM:
        case P_A_M:
        case P_P_M:
        case P_HH:
        case P_HH12:
        case P_HH24:
        case P_MI:
        case P_SS:
        case P_MS:
        case P_US:
        case P_FF1:
        case P_FF2:
        case P_FF3:
        case P_FF4:
        case P_FF5:
        case P_FF6:
        case P_SSSS:
        case P_SSSSS: *what |= DT_PARSED_TIME; break;
        default: *what |= DT_PARSED_DATE; break;
        }
    }
    *tz_west = f.set[F_TZH] || f.set[F_TZM] ? zone_west(&f) : 0;
    return SS_OK;
}

static char *cstring(ss_ctx *ctx, const ss_text *t)
{
    char *s = ss_ctx_alloc(ctx, t->len + 1);
    if (s) {
        memcpy(s, t->ptr, t->len);
        s[t->len] = '\0';
    }
    return s;
}

static int read_row(ss_ctx *ctx, ss_vector *const *args, uint32_t i, char **str, dt_tm *tm, int64_t *fsec, pfields *f)
{
    const ss_text *in = &((const ss_text *)args[0]->data)[i], *fmt = &((const ss_text *)args[1]->data)[i];
    *str = cstring(ctx, in);
    if (!*str)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (parse(ctx, *str, fmt->ptr, fmt->len, f, false))
        return SS_ERROR;
    return build(ctx, *str, f, tm, fsec);
}

int dt_fn_to_date_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        char *str;
        dt_tm tm;
        int64_t fsec;
        pfields f;
        if (read_row(ctx, args, i, &str, &tm, &fsec, &f))
            return SS_ERROR;
        if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday))
            return ss_ctx_error(ctx, "22008", "date out of range: \"%s\"", str);
        int32_t d = dt_date2j(tm.year, tm.mon, tm.mday) - POSTGRES_EPOCH_JDATE;
        if (!IS_VALID_DATE(d))
            return ss_ctx_error(ctx, "22008", "date out of range: \"%s\"", str);
        ((int32_t *)out->data)[i] = d;
    });
    return SS_OK;
}

int dt_fn_to_timestamp_text(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)nargs;
    const dt_zone *z = dt_ctx_zone(ctx);
    SS_FOR_ROWS(rows, n, i, {
        char *str;
        dt_tm tm;
        int64_t fsec, ts;
        pfields f;
        if (read_row(ctx, args, i, &str, &tm, &fsec, &f))
            return SS_ERROR;
        int west;
        if (f.set[F_TZH] || f.set[F_TZM]) {
            long h = f.set[F_TZH] ? f.v[F_TZH] : 0, m = f.set[F_TZM] ? f.v[F_TZM] : 0;
            bool neg = f.set[F_TZH] && (h < 0 || f.tzh_neg);
            long east = (h < 0 ? -h : h) * 3600 + m * 60;
            west = (int)(neg ? east : -east);
        } else {
            if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday))
                return dt_err_timestamp_range(ctx);
            west = dt_zone_offset_of_local(&tm, z);
        }
        if (!IS_VALID_JULIAN(tm.year, tm.mon, tm.mday) || !dt_tm2timestamp(&tm, fsec, west, &ts) ||
            !IS_VALID_TIMESTAMP(ts))
            return dt_err_timestamp_range(ctx);
        ((int64_t *)out->data)[i] = ts;
    });
    return SS_OK;
}
