/* to_char.c — to_char(timestamp | timestamptz | interval, text) as PostgreSQL 15's
 * to_char writes them: the template patterns (YYYY, MM, Month, Dy, DDD, IW, IYYY, HH24,
 * HH12, MI, SS, MS, US, FF1-6, AM/PM, BC/AD, TZ, TZH, TZM, OF, Q, CC, J, RM, W, WW, SSSS ...),
 * the FM / TM / FX prefixes and TH / th suffixes, quoted literal text and backslash escapes. */
#include "types/datetime/to_char.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const months_full[] = {"January", "February", "March",     "April",   "May",      "June",
                                          "July",    "August",   "September", "October", "November", "December"};
static const char *const days_full[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
static const char *const roman_upper[] = {"XII", "XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I"};

/* the keywords, longest first where one is a prefix of another */
enum {
    K_A_D, K_A_M, K_AD, K_AM, K_B_C, K_BC, K_CC, K_DAY, K_DDD, K_DD, K_DY, K_D, K_FF1, K_FF2, K_FF3, K_FF4,
    K_FF5, K_FF6, K_FX, K_HH24, K_HH12, K_HH, K_IDDD, K_ID, K_IW, K_IYYY, K_IYY, K_IY, K_I, K_J, K_MI, K_MM,
    K_MONTH, K_MON, K_MS, K_OF, K_P_M, K_PM, K_Q, K_RM, K_SSSSS, K_SSSS, K_SS, K_TZH, K_TZM, K_TZ, K_US,
    K_WW, K_W, K_Y_YYY, K_YYYY, K_YYY, K_YY, K_Y
};
typedef struct keyword {
    const char *name;
    int id;
    bool is_digit; /* takes TH */
} keyword;
static const keyword keywords[] = {
    {"A.D.", K_A_D, false}, {"A.M.", K_A_M, false}, {"AD", K_AD, false},     {"AM", K_AM, false},
    {"B.C.", K_B_C, false}, {"BC", K_BC, false},    {"CC", K_CC, true},      {"DAY", K_DAY, false},
    {"DDD", K_DDD, true},   {"DD", K_DD, true},     {"DY", K_DY, false},     {"D", K_D, true},
    {"FF1", K_FF1, false},  {"FF2", K_FF2, false},  {"FF3", K_FF3, false},   {"FF4", K_FF4, false},
    {"FF5", K_FF5, false},  {"FF6", K_FF6, false},  {"FX", K_FX, false},     {"HH24", K_HH24, true},
    {"HH12", K_HH12, true}, {"HH", K_HH, true},     {"IDDD", K_IDDD, true},  {"ID", K_ID, true},
    {"IW", K_IW, true},     {"IYYY", K_IYYY, true}, {"IYY", K_IYY, true},    {"IY", K_IY, true},
    {"I", K_I, true},       {"J", K_J, true},       {"MI", K_MI, true},      {"MM", K_MM, true},
    {"MONTH", K_MONTH, false}, {"MON", K_MON, false}, {"MS", K_MS, true},    {"OF", K_OF, false},
    {"P.M.", K_P_M, false}, {"PM", K_PM, false},    {"Q", K_Q, true},        {"RM", K_RM, false},
    {"SSSSS", K_SSSSS, true}, {"SSSS", K_SSSS, true}, {"SS", K_SS, true},    {"TZH", K_TZH, false},
    {"TZM", K_TZM, false},  {"TZ", K_TZ, false},    {"US", K_US, true},      {"WW", K_WW, true},
    {"W", K_W, true},       {"Y,YYY", K_Y_YYY, true}, {"YYYY", K_YYYY, true}, {"YYY", K_YYY, true},
    {"YY", K_YY, true},     {"Y", K_Y, true},
};

static const keyword *match_keyword(const char *p, const char *end)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        size_t n = strlen(keywords[i].name);
        if ((size_t)(end - p) >= n && strncasecmp(p, keywords[i].name, n) == 0)
            return &keywords[i];
    }
    return NULL;
}

/* output case of a word keyword as written: 0 upper, 1 capitalised, 2 lower */
static int word_case(const char *p)
{
    if (isupper((unsigned char)p[0]))
        return isupper((unsigned char)p[1]) ? 0 : 1;
    return 2;
}

static void put_word(ss_strbuf *out, const char *word, int wcase, bool fm, int width)
{
    char buf[32];
    size_t n = strlen(word);
    for (size_t i = 0; i < n && i + 1 < sizeof buf; i++)
        buf[i] = (char)(wcase == 0 ? toupper((unsigned char)word[i])
                        : wcase == 2 || i > 0 ? tolower((unsigned char)word[i])
                                              : toupper((unsigned char)word[i]));
    buf[n < sizeof buf ? n : sizeof buf - 1] = '\0';
    if (fm || width == 0)
        ss_strbuf_puts(out, buf);
    else
        ss_strbuf_printf(out, "%-*s", width, buf);
}

static const char *ordinal(int64_t v)
{
    int64_t a = v < 0 ? -v : v;
    if (a % 100 >= 11 && a % 100 <= 13)
        return "th";
    switch (a % 10) {
    case 1: return "st";
    case 2: return "nd";
    case 3: return "rd";
    default: return "th";
    }
}

/* a number: width digits (more for a negative value) unless FM */
static void put_num(ss_strbuf *out, int64_t v, int width, bool fm)
{
    ss_strbuf_printf(out, "%0*lld", fm ? 0 : (v >= 0 ? width : width + 1), (long long)v);
}

/* a number padded to width with its sign counted in it (PostgreSQL's DD, DDD, WW) */
static void put_num_signed(ss_strbuf *out, int64_t v, int width, bool fm)
{
    ss_strbuf_printf(out, "%0*lld", fm ? 0 : width, (long long)v);
}

static int invalid_for_interval(ss_ctx *ctx)
{
    ss_ctx_error(ctx, "22007", "invalid format specification for an interval value");
    ss_ctx_error_hint(ctx, "Intervals are not tied to specific calendar dates.");
    return SS_ERROR;
}

int dt_to_char(ss_ctx *ctx, const dt_tc *in, const char *fmt, size_t flen, ss_strbuf *out)
{
    const dt_tm *tm = &in->tm;
    const char *p = fmt, *end = fmt + flen;
    bool iv = in->is_interval;
    while (p < end) {
        /* prefixes */
        bool fm = false;
        for (;;) {
            if (end - p >= 2 && strncasecmp(p, "FM", 2) == 0) {
                fm = true;
                p += 2;
            } else if (end - p >= 2 && (strncasecmp(p, "TM", 2) == 0 || strncasecmp(p, "FX", 2) == 0) &&
                       match_keyword(p + 2, end)) {
                p += 2;
            } else {
                break;
            }
        }
        const keyword *k = p < end ? match_keyword(p, end) : NULL;
        if (!k) {
            if (fm)
                continue;
            if (*p == '"') {
                for (p++; p < end && *p != '"'; p++) {
                    if (*p == '\\' && p + 1 < end)
                        p++;
                    ss_strbuf_putc(out, *p);
                }
                if (p < end)
                    p++;
            } else if (*p == '\\' && p + 1 < end && p[1] == '"') {
                ss_strbuf_putc(out, '"');
                p += 2;
            } else {
                ss_strbuf_putc(out, *p++);
            }
            continue;
        }
        const char *kw = p;
        p += strlen(k->name);
        int th = 0; /* 1: TH, 2: th */
        if (k->is_digit && end - p >= 2 && (strncmp(p, "TH", 2) == 0 || strncmp(p, "th", 2) == 0)) {
            th = p[0] == 'T' ? 1 : 2;
            p += 2;
        }
        int64_t num = 0;
        bool numeric = true;
        int year = iv ? tm->year : (tm->year <= 0 ? -(tm->year - 1) : tm->year);
        int64_t hour = iv ? in->hour : tm->hour;
        switch (k->id) {
        case K_A_D: case K_AD: case K_B_C: case K_BC: {
            if (iv)
                return invalid_for_interval(ctx);
            bool bc = tm->year <= 0;
            bool dots = k->id == K_A_D || k->id == K_B_C;
            bool lower = islower((unsigned char)kw[0]);
            const char *s = bc ? (dots ? "B.C." : "BC") : (dots ? "A.D." : "AD");
            put_word(out, s, lower ? 2 : 0, true, 0);
            numeric = false;
            break;
        }
        case K_A_M: case K_AM: case K_P_M: case K_PM: {
            bool pm = hour % 24 >= 12;
            bool dots = k->id == K_A_M || k->id == K_P_M;
            const char *s = pm ? (dots ? "P.M." : "PM") : (dots ? "A.M." : "AM");
            put_word(out, s, islower((unsigned char)kw[0]) ? 2 : 0, true, 0);
            numeric = false;
            break;
        }
        case K_CC:
            if (iv)
                num = tm->year / 100;
            else
                num = tm->year > 0 ? (tm->year - 1) / 100 + 1 : tm->year / 100 - 1;
            if (num <= 99 && num >= -99)
                put_num(out, num, 2, fm);
            else
                ss_strbuf_printf(out, "%lld", (long long)num);
            break;
        case K_MONTH:
        case K_MON:
            if (iv)
                return invalid_for_interval(ctx);
            numeric = false;
            if (k->id == K_MONTH)
                put_word(out, months_full[tm->mon - 1], word_case(kw), fm, 9);
            else {
                char ab[4];
                snprintf(ab, sizeof ab, "%.3s", months_full[tm->mon - 1]);
                put_word(out, ab, word_case(kw), true, 0);
            }
            break;
        case K_DAY:
        case K_DY:
            if (iv)
                return invalid_for_interval(ctx);
            numeric = false;
            if (k->id == K_DAY)
                put_word(out, days_full[tm->wday], word_case(kw), fm, 9);
            else {
                char ab[4];
                snprintf(ab, sizeof ab, "%.3s", days_full[tm->wday]);
                put_word(out, ab, word_case(kw), true, 0);
            }
            break;
        case K_DDD:
            num = tm->yday;
            put_num_signed(out, num, 3, fm);
            break;
        case K_IDDD:
            if (iv)
                return invalid_for_interval(ctx);
            num = dt_date2isoyearday(tm->year, tm->mon, tm->mday);
            put_num(out, num, 3, fm);
            break;
        case K_DD:
            num = tm->mday;
            put_num_signed(out, num, 2, fm);
            break;
        case K_D:
            if (iv)
                return invalid_for_interval(ctx);
            num = tm->wday + 1;
            ss_strbuf_printf(out, "%d", (int)num);
            break;
        case K_ID:
            if (iv)
                return invalid_for_interval(ctx);
            num = tm->wday == 0 ? 7 : tm->wday;
            ss_strbuf_printf(out, "%d", (int)num);
            break;
        case K_FF1: case K_FF2: case K_FF3: case K_FF4: case K_FF5: case K_FF6: {
            int digits = k->id - K_FF1 + 1;
            int64_t div = 1;
            for (int i = digits; i < 6; i++)
                div *= 10;
            ss_strbuf_printf(out, "%0*lld", digits, (long long)(in->fsec / div));
            numeric = false;
            break;
        }
        case K_FX:
            numeric = false;
            break;
        case K_HH24:
            num = hour;
            put_num(out, num, 2, fm);
            break;
        case K_HH12:
        case K_HH:
            num = hour % 12 == 0 ? 12 : hour % 12;
            put_num(out, num, 2, fm);
            break;
        case K_IW:
            if (iv)
                return invalid_for_interval(ctx);
            num = dt_date2isoweek(tm->year, tm->mon, tm->mday);
            put_num(out, num, 2, fm);
            break;
        case K_IYYY: case K_IYY: case K_IY: case K_I: {
            if (iv)
                return invalid_for_interval(ctx);
            int iy = dt_date2isoyear(tm->year, tm->mon, tm->mday);
            iy = iy <= 0 ? -(iy - 1) : iy;
            int w = k->id == K_IYYY ? 4 : k->id == K_IYY ? 3 : k->id == K_IY ? 2 : 1;
            num = w == 4 ? iy : w == 3 ? iy % 1000 : w == 2 ? iy % 100 : iy % 10;
            put_num(out, num, w, fm);
            break;
        }
        case K_J:
            num = dt_date2j(tm->year, tm->mon, tm->mday);
            ss_strbuf_printf(out, "%lld", (long long)num);
            break;
        case K_MI:
            num = tm->min;
            put_num(out, num, 2, fm);
            break;
        case K_MM:
            num = tm->mon;
            put_num(out, num, 2, fm);
            break;
        case K_MS:
            num = in->fsec / 1000;
            ss_strbuf_printf(out, "%03d", (int)num);
            break;
        case K_US:
            num = in->fsec;
            ss_strbuf_printf(out, "%06d", (int)num);
            break;
        case K_OF: {
            if (iv)
                return invalid_for_interval(ctx);
            int off = tm->gmtoff;
            ss_strbuf_printf(out, "%c%0*d", off >= 0 ? '+' : '-', fm ? 0 : 2, abs(off) / 3600);
            if (abs(off) % 3600 != 0)
                ss_strbuf_printf(out, ":%02d", (abs(off) % 3600) / 60);
            numeric = false;
            break;
        }
        case K_Q:
            if (iv && tm->mon == 0)
                break;
            num = (tm->mon - 1) / 3 + 1;
            ss_strbuf_printf(out, "%d", (int)num);
            break;
        case K_RM: {
            numeric = false;
            if (iv && tm->mon == 0)
                break;
            const char *r = roman_upper[12 - tm->mon];
            char buf[8];
            size_t n = strlen(r);
            for (size_t i = 0; i <= n; i++)
                buf[i] = islower((unsigned char)kw[0]) ? (char)tolower((unsigned char)r[i]) : r[i];
            if (fm)
                ss_strbuf_puts(out, buf);
            else
                ss_strbuf_printf(out, "%-4s", buf);
            break;
        }
        case K_SSSSS:
        case K_SSSS:
            num = hour * 3600 + tm->min * 60 + tm->sec;
            ss_strbuf_printf(out, "%lld", (long long)num);
            break;
        case K_SS:
            num = tm->sec;
            put_num(out, num, 2, fm);
            break;
        case K_TZH:
        case K_TZM:
            if (iv)
                return invalid_for_interval(ctx);
            if (k->id == K_TZH)
                ss_strbuf_printf(out, "%c%02d", tm->gmtoff >= 0 ? '+' : '-', abs(tm->gmtoff) / 3600);
            else
                ss_strbuf_printf(out, "%02d", (abs(tm->gmtoff) % 3600) / 60);
            numeric = false;
            break;
        case K_TZ:
            if (iv)
                return invalid_for_interval(ctx);
            if (in->tzn)
                put_word(out, in->tzn, islower((unsigned char)kw[0]) ? 2 : 0, true, 0);
            numeric = false;
            break;
        case K_WW: /* PostgreSQL pads these to the width, sign included */
            num = (tm->yday - 1) / 7 + 1;
            put_num_signed(out, num, 2, fm);
            break;
        case K_W:
            num = (tm->mday - 1) / 7 + 1;
            ss_strbuf_printf(out, "%d", (int)num);
            break;
        case K_Y_YYY:
            num = year;
            ss_strbuf_printf(out, "%d,%03d", year / 1000, year % 1000);
            break;
        case K_YYYY: case K_YYY: case K_YY: case K_Y: {
            int w = k->id == K_YYYY ? 4 : k->id == K_YYY ? 3 : k->id == K_YY ? 2 : 1;
            num = w == 4 ? year : w == 3 ? year % 1000 : w == 2 ? year % 100 : year % 10;
            put_num(out, num, w, fm);
            break;
        }
        }
        if (th && numeric)
            put_word(out, ordinal(num), th == 1 ? 0 : 2, true, 0);
    }
    return SS_OK;
}

bool dt_tc_from_timestamp(int64_t ts, bool with_tz, const dt_zone *z, dt_tc *out)
{
    memset(out, 0, sizeof *out);
    bool ok = with_tz ? dt_timestamptz2tm(ts, z, &out->tm, &out->fsec) : dt_timestamp2tm(ts, &out->tm, &out->fsec);
    if (!ok)
        return false;
    if (!with_tz) {
        out->tm.gmtoff = 0;
        out->tzn = NULL;
    } else {
        out->tzn = out->tm.zone;
    }
    out->hour = out->tm.hour;
    return true;
}

void dt_tc_from_interval(const dt_interval *iv, dt_tc *out)
{
    memset(out, 0, sizeof *out);
    dt_itm it;
    dt_interval2itm(iv, &it);
    out->is_interval = true;
    out->fsec = it.usec;
    out->tm.sec = it.sec;
    out->tm.min = it.min;
    out->hour = it.hour;
    out->tm.hour = (int)it.hour;
    out->tm.mday = it.mday;
    out->tm.mon = it.mon;
    out->tm.year = it.year;
    out->tm.yday = (it.year * 12 + it.mon) * DAYS_PER_MONTH + it.mday;
}
