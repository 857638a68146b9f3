/* func_volatility.c — looks up PostgreSQL's volatility class of a built-in function,
 * operator or cast in the generated tables of func_volatility_data.c. */
#include <ctype.h>
#include <string.h>

#include "types/func_volatility.h"
#include "types/func_volatility_data.h"

static ss_volatility from_code(char c)
{
    return c == 'v' ? SS_VOLATILE : c == 's' ? SS_STABLE : SS_IMMUTABLE;
}

static ss_volatility max_class(ss_volatility a, ss_volatility b)
{
    return a > b ? a : b;
}

/* PostgreSQL's polymorphic pseudo-types as a definition may name them (any, anyarray,
   anyelement, anynonarray, anyenum, anyrange, anymultirange, anycompatible...). */
static bool is_polymorphic(int32_t id)
{
    switch (id) {
    case 2276: case 2277: case 2283: case 2776: case 3500: case 3831:
    case 4537: case 4538: case 5077: case 5078: case 5079: case 5080:
        return true;
    default:
        return false;
    }
}

/* How well def's argument i (of type ss) matches a PostgreSQL argument type pg (0:
   polymorphic): 2 the same, 1 a concrete type for a polymorphic one, -1 no match. */
static int arg_score(int32_t ss, uint32_t pg)
{
    if (is_polymorphic(ss))
        return pg == 0 ? 2 : -1;
    if (pg == 0)
        return 1;
    return (uint32_t)ss == pg ? 2 : -1;
}

/* The score of def against a PostgreSQL signature of nargs arguments (variadic: the last
   repeats), -1 when it does not match. */
static int signature_score(const ss_func_def *def, uint32_t nargs, bool variadic, const uint32_t *args)
{
    if (def->variadic_any ? !variadic : (variadic ? def->nargs + 1 < nargs : def->nargs != nargs))
        return -1;
    int score = 1; /* a variadic definition against a variadic signature matches at least */
    uint32_t n = def->nargs < nargs ? def->nargs : nargs;
    for (uint32_t i = 0; i < n && i < SS_FUNC_MAX_ARGS; i++) {
        if (def->variadic_any && def->args[i] == 0)
            break; /* the arguments of any type */
        int s = arg_score(def->args[i], args[i]);
        if (s < 0)
            return -1;
        score += s;
    }
    return score;
}

/* The first index of name in a table sorted by name, through the name at index i. */
#define LOWER_BOUND(table, count, key, out)                                                \
    do {                                                                                   \
        size_t lo_ = 0, hi_ = (count);                                                     \
        while (lo_ < hi_) {                                                                \
            size_t mid_ = lo_ + (hi_ - lo_) / 2;                                           \
            if (strcmp((table)[mid_].name, (key)) < 0)                                     \
                lo_ = mid_ + 1;                                                            \
            else                                                                           \
                hi_ = mid_;                                                                \
        }                                                                                  \
        (out) = lo_;                                                                       \
    } while (0)

/* Best match among the entries [first, end) of one name; *same_arity / *any_arity the
   greatest class of those with def's arity / of all. Returns the best score (-1: none). */
typedef struct match {
    int best;
    ss_volatility best_class, same_arity, any_arity;
    bool found, arity_found;
} match;

static void consider(match *m, const ss_func_def *def, uint32_t nargs, bool variadic, const uint32_t *args,
                     char code)
{
    ss_volatility c = from_code(code);
    m->any_arity = m->found ? max_class(m->any_arity, c) : c;
    m->found = true;
    if (nargs == def->nargs) {
        m->same_arity = m->arity_found ? max_class(m->same_arity, c) : c;
        m->arity_found = true;
    }
    int s = signature_score(def, nargs, variadic, args);
    if (s < 0 || s < m->best)
        return;
    m->best_class = s > m->best ? c : max_class(m->best_class, c);
    m->best = s;
}

static ss_volatility result_of(const match *m)
{
    if (m->best >= 0)
        return m->best_class;
    if (m->arity_found)
        return m->same_arity;
    return m->found ? m->any_arity : SS_IMMUTABLE;
}

ss_volatility ss_func_volatility(const ss_func_def *def)
{
    if (!def->name || !def->name[0])
        return def->is_volatile ? SS_VOLATILE : SS_IMMUTABLE;
    match m = {-1, SS_IMMUTABLE, SS_IMMUTABLE, SS_IMMUTABLE, false, false};
    size_t i;
    if (isalpha((unsigned char)def->name[0]) || def->name[0] == '_') {
        LOWER_BOUND(ss_pg_proc_volatilities, ss_pg_nproc_volatilities, def->name, i);
        for (; i < ss_pg_nproc_volatilities && !strcmp(ss_pg_proc_volatilities[i].name, def->name); i++) {
            const ss_pg_proc_volatility *p = &ss_pg_proc_volatilities[i];
            consider(&m, def, p->nargs, p->variadic, p->args, p->volatility);
        }
    } else {
        LOWER_BOUND(ss_pg_oper_volatilities, ss_pg_noper_volatilities, def->name, i);
        for (; i < ss_pg_noper_volatilities && !strcmp(ss_pg_oper_volatilities[i].name, def->name); i++) {
            const ss_pg_oper_volatility *o = &ss_pg_oper_volatilities[i];
            consider(&m, def, o->nargs, false, o->args, o->volatility);
        }
    }
    if (def->is_volatile) /* never folded: stable when PostgreSQL's has that signature (now()) */
        return m.best >= 0 && m.best_class == SS_STABLE ? SS_STABLE : SS_VOLATILE;
    return result_of(&m);
}

static const ss_pg_cast_volatility *find_cast(int32_t from, int32_t to)
{
    size_t lo = 0, hi = ss_pg_ncast_volatilities;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const ss_pg_cast_volatility *c = &ss_pg_cast_volatilities[mid];
        if (c->source < (uint32_t)from || (c->source == (uint32_t)from && c->target < (uint32_t)to))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < ss_pg_ncast_volatilities && ss_pg_cast_volatilities[lo].source == (uint32_t)from &&
        ss_pg_cast_volatilities[lo].target == (uint32_t)to)
        return &ss_pg_cast_volatilities[lo];
    return NULL;
}

static const ss_pg_type_io_volatility *find_type(int32_t id)
{
    size_t lo = 0, hi = ss_pg_ntype_io_volatilities;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ss_pg_type_io_volatilities[mid].oid < (uint32_t)id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ss_pg_ntype_io_volatilities && ss_pg_type_io_volatilities[lo].oid == (uint32_t)id
               ? &ss_pg_type_io_volatilities[lo]
               : NULL;
}

/* A conversion through text: from's output function, then to's input function. */
static ss_volatility via_text(int32_t from, int32_t to)
{
    const ss_pg_type_io_volatility *f = find_type(from), *t = find_type(to);
    return max_class(f ? from_code(f->output) : SS_STABLE, t ? from_code(t->input) : SS_STABLE);
}

static bool is_string_type(int32_t id)
{
    return ss_type_category(id) == 'S';
}

ss_volatility ss_cast_volatility(int32_t from, int32_t to)
{
    const ss_pg_cast_volatility *c = find_cast(from, to);
    if (c)
        return c->method == 'i' ? via_text(from, to) : from_code(c->volatility);
    if (from == to)
        return SS_IMMUTABLE;
    if (ss_type_is_array(from) && ss_type_is_array(to))
        return ss_cast_volatility(ss_type_element_of(from), ss_type_element_of(to));
    if (is_string_type(from) || is_string_type(to))
        return via_text(from, to);
    return SS_IMMUTABLE;
}
