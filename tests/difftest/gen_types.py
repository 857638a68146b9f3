"""gen_types.py — difftest's typed case generators: numeric arithmetic and date/time.

difftest.py's default generator covers the integer / float8 / text / boolean subset.  The two
generators here build cases around one family of types each (`--types numeric`,
`--types datetime`), out of the same statement objects (CreateTable, Insert, Query, ...), so
the runner, the comparison and the minimizer work on them unchanged.  Case n of seed s is a
function of (s, n, generator) only.  See README.md in this folder.
"""

import random

import difftest as dt
from difftest import E, lit, fn, binop, Query, Item, Key, Column, CreateTable, Insert, Drop, Raw, Case

FLOATS = ('float4', 'float8')
EXACT = ('int2', 'int4', 'int8', 'numeric')
NUMRANK = {'int2': 0, 'int4': 1, 'int8': 2, 'numeric': 3, 'float4': 4, 'float8': 5}


def num_result(a, b):
    """PostgreSQL's result type of a + b for two numeric-category types: the wider integer,
    numeric over integers, float4 only with float4 on both sides, else float8."""
    if a in FLOATS or b in FLOATS:
        return 'float4' if a == b == 'float4' else 'float8'
    return a if NUMRANK[a] >= NUMRANK[b] else b


def walk_types(e):
    for _, n in e.nodes():
        yield n.t


def mark_exact(q, star_types=()):
    """Query.exact: no float in the statement, so sum/avg results must match digit for digit
    (difftest's float tolerance for sums does not apply)."""
    es = [it.expr for it in q.items] + [x for x in (q.where, q.having) if x is not None]
    es += [k.ref for k in (q.order or []) + (q.group or []) if not isinstance(k.ref, int)]
    q.exact = not any(t in FLOATS for e in es for t in walk_types(e)) and not any(
        t in FLOATS for t in star_types)
    return q


# ------------------------------------------------------------------------------ numeric

# (SQL type, kernel type, (precision, scale) or None)
NUM_COLTYPES = [
    ('numeric', 'numeric', None), ('numeric', 'numeric', None), ('decimal', 'numeric', None),
    ('numeric(5,2)', 'numeric', (5, 2)), ('numeric(10,4)', 'numeric', (10, 4)),
    ('numeric(3,0)', 'numeric', (3, 0)), ('numeric(1,0)', 'numeric', (1, 0)),
    ('numeric(4,4)', 'numeric', (4, 4)), ('numeric(20,0)', 'numeric', (20, 0)),
    ('numeric(38,10)', 'numeric', (38, 10)), ('numeric(30,15)', 'numeric', (30, 15)),
    ('decimal(7,3)', 'numeric', (7, 3)), ('numeric(8)', 'numeric', (8, 0)),
    ('numeric(3,-2)', 'numeric', (3, -2)), ('numeric(2,4)', 'numeric', (2, 4)),
    ('real', 'float4', None), ('float4', 'float4', None), ('float8', 'float8', None),
    ('double precision', 'float8', None), ('smallint', 'int2', None), ('int', 'int4', None),
    ('bigint', 'int8', None),
]

NUM_BIG = ['123456789012345678901234567890', '-98765432109876543210987654321.0123456789',
           '0.000000000000000000001', '1e-20', '1e20', '1.000000000000000000001', '99999999999999999999',
           '12345678901234567890.12345678901234567890', '9223372036854775808', '-9223372036854775809',
           '170141183460469231731687303715884105728', '0.1', '1.10', '2.50', '-0.000', '1e-5', '3.14159265358979323846',
           '5e-324', '1e30', '-1e25']
NUM_SPECIAL = ["'NaN'", "'Infinity'", "'-Infinity'", "'nan'", "'inf'", "'-inf'", "'+Infinity'"]
NUM_TAME = ['0', '1', '-1', '2', '3', '10', '0.5', '1.5', '-2.5', '2.5', '0.1', '0.25', '100', '1.0', '1.00',
            '12.345', '-0.005', '0.015', '7.77', '1e3', '.5', '5.', '3.0', '-7', '0.125', '99.995', '1.005',
            '2.675', '-12.5']
REAL_VALS = ['1.5', '0.1', '-2.25', '3.4028235e38', '1e-45', "'NaN'", "'Infinity'", "'-Infinity'", '16777217',
             '0', "'-0'", '1', '100.25', '1.17549435e-38', '123456.789', '0.3', '7', '-1e10']
REAL_BAD = ['1e39', "'1e-50'", "'3.5e38'", "'abc'"]
FLOAT_VALS = ['1.5', '0.1', '-2.25', '1e308', '1e-300', "'NaN'", "'Infinity'", "'-Infinity'", '0', "'-0'",
              '1', '100.25', '0.30000000000000004', '123456789.125', '2.5', '-3', '1e15', '9007199254740993']
FLOAT_BAD = ["'1e309'", "'1e-400'", '1e400', "'x'"]
INT_VALS = {'int2': ['0', '1', '-1', '32767', '-32768', '7', '100', '-3', '12', '2.5', '1.5'],
            'int4': ['0', '1', '-1', '2147483647', '-2147483648', '10', '-7', '46341', '3', '2.5', '-0.5'],
            'int8': ['0', '1', '-1', '9223372036854775807', '-9223372036854775808', '3037000500', '5', '-12',
                     '4294967296', '2.5']}
INT_BAD = {'int2': ['32768', '-32769', '32767.5', "'1.5'"], 'int4': ['2147483648', '2147483647.5', "'x'"],
           'int8': ['9223372036854775808', '9223372036854775807.5', "'1e3'"]}

EXPR_NUM_LITS = ['1.5', '0.1', '2.0', '-2.5', '2.5', '0.5', '1.0', '1.00', '3', '7', '0', '-1', '10', '0.005',
                 '12.345', '1e-20', '1e20', '123456789012345678901234567890', '0.000001', '99.995', '-0.0',
                 '1.5::numeric', "'NaN'::numeric", "'Infinity'::numeric", "'-Infinity'::numeric",
                 '2.675::numeric(10,3)', "'1e-5'::numeric", '1::numeric', 'NULL::numeric', '0.3333',
                 '100::numeric(5,2)', '9999999999999999999.5', '(-0.5)', '1.05', '5e-1']
EXPR_INT_LITS = [('1', 'int4'), ('2', 'int4'), ('3', 'int4'), ('-1', 'int4'), ('0', 'int4'), ('7', 'int4'),
                 ('10', 'int4'), ('100', 'int4'), ('2147483647', 'int4'), ('5::bigint', 'int8'),
                 ('9223372036854775807', 'int8'), ('2::smallint', 'int2'), ('32767::smallint', 'int2'),
                 ('NULL::int', 'int4')]
EXPR_FLOAT_LITS = [('1.5::float8', 'float8'), ("'0.1'::float8", 'float8'), ("'NaN'::float8", 'float8'),
                   ("'Infinity'::float8", 'float8'), ('2.5::float8', 'float8'), ('1e300::float8', 'float8'),
                   ('1.5::real', 'float4'), ("'0.1'::real", 'float4'), ("'NaN'::real", 'float4'),
                   ('2.5::real', 'float4'), ('3.4e38::real', 'float4'), ('(-0.0)::real', 'float4'),
                   ("'-0'::float8", 'float8'), ('1e-40::real', 'float4')]
DIGITS = ['0', '1', '2', '-1', '-2', '3', '5', '-3', '10', '4']
NUM_CASTS = [('numeric', 'numeric'), ('numeric(5,2)', 'numeric'), ('numeric(10,4)', 'numeric'),
             ('numeric(3)', 'numeric'), ('numeric(20,10)', 'numeric'), ('decimal(4,1)', 'numeric'),
             ('numeric(2,-1)', 'numeric'), ('int', 'int4'), ('bigint', 'int8'), ('smallint', 'int2'),
             ('real', 'float4'), ('float8', 'float8'), ('double precision', 'float8'), ('float4', 'float4')]


def numeric_literal(r, p, s):
    """An INSERT value for numeric(p,s): boundaries of the precision, half-way rounding,
    extra decimals.  Returns (text, risky)."""
    intd = p - s
    k = r.randrange(12)
    sign = '-' if r.random() < 0.35 else ''

    def digits(n):
        return ''.join(r.choice('0123456789') for _ in range(n)) if n > 0 else ''

    def fmt(ip, fp):
        ip = ip.lstrip('0') or '0'
        return sign + ip + ('.' + fp if fp else '')
    if s <= 0:
        # negative scale: rounds to 10^-s; at most p significant digits before that
        if k < 4:
            return sign + '9' * p + '0' * (-s), False
        if k < 6:
            return sign + '9' * p + '5' + '0' * (-s - 1 if s < 0 else 0), True
        if k == 6:
            return sign + '1' + '0' * (p - s), True
        return fmt(digits(r.randint(0, max(0, intd))), digits(r.randint(0, 3))), False
    if k == 0:   # the largest value
        return fmt('9' * max(intd, 0), '9' * s), False
    if k == 1:   # rounds up to 10^(p-s): overflow
        return fmt('9' * max(intd, 0), '9' * s + '5'), True
    if k == 2:   # 10^(p-s): overflow
        return sign + '1' + '0' * max(intd, 0), True
    if k == 3:   # half-way: rounds away from zero
        return fmt(digits(r.randint(0, max(intd, 0))), digits(s) + '5'), False
    if k == 4:   # more decimals than the scale
        return fmt(digits(r.randint(0, max(intd, 0))), digits(s + r.randint(1, 4))), False
    if k == 5:   # rounds to zero
        return sign + '0.' + '0' * s + '4', False
    if k == 6:
        return r.choice(["'NaN'", "'Infinity'", "'-Infinity'"]), True
    if k == 7:
        return r.choice(['0', '-0', '0.0', "'-0.00'"]), False
    if k == 8:
        v = fmt(digits(r.randint(0, max(intd, 0))), digits(r.randint(0, s)))
        return "'%s'" % v if r.random() < 0.3 else v, False
    return fmt(digits(r.randint(0, max(intd, 0))), digits(r.randint(0, s))), False


class TypedGen(dt.Gen):
    """What the typed generators share: tables of COLTYPES ((SQL type, kernel type,
    (precision, scale) or None)), multi-row INSERTs of value() and risky one-row ones, six to
    twelve query() statements, the statements of prologue / after_query / epilogue."""
    KIND, COLTYPES, ROWS, NTABLES, NINSERTS, RISKY_P = None, (), (2, 3), (0, 1), 2, 0.3

    def __init__(self, seed, num):
        super().__init__(random.Random('%s/%s/%s' % (seed, num, self.KIND)))
        self.seed, self.num = seed, num
        self.tables = {}

    def make_table(self, name, letters):
        cols = []
        for i in range(self.r.randint(2, 5)):
            tsql, t, ps = self.r.choice(self.COLTYPES)
            c = Column(letters[i], t, tsql, self.chance(0.1))
            c.ps = ps
            cols.append(c)
        self.tables[name] = cols
        return CreateTable(name, cols)

    def make_insert(self, name, risky):
        cols = self.tables[name]
        nrows = 1 if risky else self.r.choice(self.ROWS)
        return Insert(name, None, [[self.value(c, risky) for c in cols] for _ in range(nrows)])

    def prologue(self):
        return []

    def after_query(self):
        return []

    def epilogue(self):
        return []

    def generate(self):
        r = self.r
        stmts = self.prologue()
        letters = [list('abcdef'), list('pqrstu')]
        for i in range(r.choice(self.NTABLES)):
            stmts.append(self.make_table('t%d' % (i + 1), letters[i]))
        for name in sorted(self.tables):
            for j in range(r.randint(1, self.NINSERTS)):
                stmts.append(self.make_insert(name, risky=j > 0 and self.chance(self.RISKY_P)))
        for _ in range(r.randint(6, 12)):
            stmts.append(self.query())
            stmts += self.after_query()
        if self.tables:
            stmts.append(Drop(sorted(self.tables)))
        return Case(self.seed, self.num, stmts + self.epilogue())


class NumericGen(TypedGen):
    KIND, COLTYPES, ROWS, NTABLES, NINSERTS, RISKY_P = ('numeric', NUM_COLTYPES, (2, 3, 4, 5, 6, 8),
                                                        (0, 1, 1, 1, 2), 3, 0.3)

    def after_query(self):
        if self.tables and self.chance(0.05):
            return [self.make_insert(self.r.choice(sorted(self.tables)), risky=True)]
        return []

    def value(self, c, risky):
        r = self.r
        if not c.notnull and self.chance(0.12):
            return 'NULL'
        if c.t == 'numeric':
            if c.ps is not None:
                for _ in range(10):
                    v, bad = numeric_literal(r, *c.ps)
                    if risky or not bad:
                        return v
                return '0'
            k = r.random()
            if k < 0.15:
                return r.choice(NUM_SPECIAL)
            if k < 0.45:
                v = r.choice(NUM_BIG)
            else:
                v = r.choice(NUM_TAME)
            return "'%s'" % v if self.chance(0.15) else v
        if c.t == 'float4':
            return r.choice(REAL_BAD) if risky and self.chance(0.3) else r.choice(REAL_VALS)
        if c.t == 'float8':
            return r.choice(FLOAT_BAD) if risky and self.chance(0.3) else r.choice(FLOAT_VALS)
        return r.choice(INT_BAD[c.t]) if risky and self.chance(0.3) else r.choice(INT_VALS[c.t])

    # -- expressions: kind 'num' (any numeric-category type), 'exact' (integers, numeric),
    #    'numeric', 'bool', 'text'
    def leaf(self, ctx, want):
        r = self.r
        cols = [(n, t) for n, t in ctx.cols if want == 'num' or t in EXACT and want == 'exact'
                or t == 'numeric' and want == 'numeric']
        if cols and self.chance(0.65):
            n, t = r.choice(cols)
            return lit(t, n)
        k = r.random()
        if want == 'numeric' or k < 0.55:
            return lit('numeric', r.choice(EXPR_NUM_LITS))
        if want == 'exact' or k < 0.8:
            s, t = r.choice(EXPR_INT_LITS)
            return lit(t, s)
        s, t = r.choice(EXPR_FLOAT_LITS)
        return lit(t, s)

    def expr(self, ctx, want, depth):
        if depth <= 0 or self.chance(0.2):
            return self.leaf(ctx, want)
        if ctx.agg_ok and not ctx.in_agg and self.chance(0.35):
            return self.aggregate(ctx, depth)
        return self.x_num(ctx, want, depth - 1)

    def aggregate(self, ctx, depth):
        r = self.r
        ic = ctx.inner_agg()
        a = self.expr(ic, 'num', min(depth - 1, 1))
        k = r.randrange(7)
        if k == 0:
            return E('int8', ['count(', 0, ')'], [a], agg=True)
        if k <= 2:
            t = {'int2': 'int8', 'int4': 'int8', 'int8': 'numeric'}.get(a.t, a.t)
            return fn(t, 'sum', a, agg=True)
        if k <= 4:
            t = 'float8' if a.t in FLOATS else 'numeric'
            return fn(t, 'avg', a, agg=True)
        if k == 5 and self.chance(0.3):
            return E('int8', ['count(DISTINCT ', 0, ')'], [a], agg=True)
        return fn(a.t, r.choice(['min', 'max']), a, agg=True)

    def x_num(self, ctx, want, d):
        r = self.r
        sub = 'exact' if want in ('exact', 'numeric') else 'num'
        k = r.randrange(20)
        if k <= 5:
            a, b = self.expr(ctx, sub, d), self.expr(ctx, sub, d)
            if want == 'numeric' and a.t != 'numeric' and b.t != 'numeric':
                b = E('numeric', ['(', 0, ')::numeric'], [b])
            ops = ['+', '-', '*', '/', '+', '-', '*', '/']
            if a.t not in FLOATS and b.t not in FLOATS or self.chance(0.05):
                ops.append('%')
            return binop(num_result(a.t, b.t), a, r.choice(ops), b)
        if k == 6:
            a = self.expr(ctx, want, d)
            return E(a.t, ['(- ', 0, ')'], [a])
        if k == 7:
            src = self.expr(ctx, 'num', d)
            casts = NUM_CASTS if want == 'num' else [c for c in NUM_CASTS if c[1] == 'numeric' or
                                                    want == 'exact' and c[1] in EXACT]
            name, t = r.choice(casts)
            if self.chance(0.3):
                return E(t, ['CAST(', 0, ' AS %s)' % name], [src])
            return E(t, ['(', 0, ')::' + name], [src])
        if k <= 9:
            f = r.choice(['round', 'trunc', 'round', 'trunc', 'round'])
            a = self.expr(ctx, 'num' if want == 'num' else 'exact', d)
            if self.chance(0.55) and (a.t not in FLOATS or self.chance(0.1)):
                return fn('numeric', f, a, lit('int4', r.choice(DIGITS)))
            return fn('float8' if a.t in FLOATS else 'numeric', f, a)
        if k == 10:
            a = self.expr(ctx, want, d)
            f = r.choice(['ceil', 'floor', 'ceiling', 'abs', 'sign'])
            t = a.t if f == 'abs' else ('float8' if a.t in FLOATS else 'numeric' if a.t == 'numeric' or
                                       f in ('ceil', 'ceiling', 'floor', 'sign') and a.t in EXACT else a.t)
            if f == 'sign' and a.t in EXACT:
                t = 'numeric'
            return fn(t, f, a)
        if k == 11:
            a, b = self.expr(ctx, 'exact', d), self.expr(ctx, 'exact', d)
            return fn(num_result(a.t, b.t), 'mod', a, b)
        if k == 12:
            return fn('numeric', 'div', self.expr(ctx, 'exact', d), self.expr(ctx, 'exact', d))
        if k == 13:
            f = r.choice(['scale', 'min_scale', 'trim_scale'])
            a = self.expr(ctx, 'numeric', d)
            return fn('numeric' if f == 'trim_scale' else 'int4', f, a)
        if k == 14:
            n = r.randint(2, 3)
            return fn('numeric', 'COALESCE', *[self.expr(ctx, 'numeric', d) for _ in range(n)])
        if k == 15:
            a, b = self.expr(ctx, want, d), self.expr(ctx, want, d)
            return E(num_result(a.t, b.t), ['CASE WHEN ', 0, ' THEN ', 1, ' ELSE ', 2, ' END'],
                     [self.cond(ctx, d), a, b])
        if k == 16 and self.chance(0.1):   # GREATEST / LEAST: rare until Sunstone has them
            a, b = self.expr(ctx, want, d), self.expr(ctx, want, d)
            return fn(num_result(a.t, b.t), r.choice(['greatest', 'least']), a, b)
        return self.leaf(ctx, want)

    def cond(self, ctx, d):
        r = self.r
        k = r.randrange(8)
        a = self.expr(ctx, 'num', d)
        if k <= 3:
            return binop('bool', a, r.choice(['=', '<>', '<', '<=', '>', '>=']), self.expr(ctx, 'num', d))
        if k == 4:
            return E('bool', ['(', 0, ' BETWEEN ', 1, ' AND ', 2, ')'],
                     [a, self.leaf(ctx, 'num'), self.leaf(ctx, 'num')])
        if k == 5:
            n = r.randint(1, 3)
            parts = ['(', 0, r.choice([' IN (', ' NOT IN ('])]
            for i in range(n):
                parts += [', '] if i else []
                parts.append(i + 1)
            parts.append('))')
            return E('bool', parts, [a] + [self.leaf(ctx, 'num') for _ in range(n)])
        if k == 6:
            return E('bool', ['(', 0, r.choice([' IS NULL)', ' IS NOT NULL)'])], [a])
        return binop('bool', self.cond(ctx, 0), r.choice(['AND', 'OR']), self.cond(ctx, 0))

    def item(self, ctx, depth):
        e = self.expr(ctx, self.r.choice(['num', 'num', 'exact', 'numeric']), depth)
        if self.chance(0.12):
            e = E('text', ['(', 0, ')::text'], [e])
        elif self.chance(0.1):
            e = self.cond(ctx, depth)
        return e

    # -- queries
    def table_ctx(self, q):
        name = self.r.choice(sorted(self.tables))
        q.table = name
        return dt.Ctx([(c.name, c.t) for c in self.tables[name]], name)

    def order_all(self, q):
        keys = []
        idx = list(range(len(q.items)))
        self.r.shuffle(idx)
        for i in idx:
            keys.append(Key(i, 'pos', self.r.choice([False, True, None]), self.r.choice([None, 'FIRST', 'LAST'])))
        q.order = keys

    def query(self):
        r = self.r
        q = Query()
        k = r.random()
        if k < 0.3 or not self.tables:
            ctx = dt.Ctx()
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.item(ctx, r.randint(1, 3))))
            return mark_exact(q)
        ctx = self.table_ctx(q)
        if k < 0.6:
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.item(ctx, r.randint(0, 3))))
            if self.chance(0.5):
                q.where = self.cond(ctx, 2)
            q.distinct = self.chance(0.15)
            self.order_all(q)
            if self.chance(0.15):
                q.limit = r.choice(['1', '2', '3'])
            return mark_exact(q)
        actx = dt.Ctx(ctx.cols, ctx.qual, True, [])
        if k < 0.75:
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.aggregate(actx, 2)))
            if self.chance(0.4):
                q.where = self.cond(ctx, 1)
            return mark_exact(q)
        # GROUP BY a column or an expression over one; DISTINCT / ORDER BY over numeric
        n, t = r.choice(ctx.cols)
        key = lit(t, n) if self.chance(0.7) else self.x_num(ctx, 'num', 1)
        if dt.is_a_const(key):
            key = lit(t, n)
        q.items.append(Item(key))
        q.group = [Key(0, r.choice(['pos', 'expr']))]
        gctx = dt.Ctx(ctx.cols, ctx.qual, True, [key])
        for _ in range(r.randint(1, 3)):
            q.items.append(Item(self.aggregate(gctx, 2)))
        if self.chance(0.25):
            q.having = binop('bool', self.aggregate(gctx, 1), r.choice(['>', '<', '=', '<>']),
                             self.leaf(dt.Ctx(), 'num'))
        self.order_all(q)
        return mark_exact(q)

# ------------------------------------------------------------------------------ date/time

TIME_ZONES = ["'UTC'", "'America/New_York'", "'Europe/Berlin'", "'Asia/Kolkata'", "'Australia/Lord_Howe'",
              "'Pacific/Chatham'", "'America/Sao_Paulo'", "'Asia/Tokyo'", "'-03:30'", "'Europe/London'",
              'LOCAL', "'America/Los_Angeles'"]
DT_COLTYPES = [('date', 'date'), ('timestamp', 'timestamp'), ('timestamp without time zone', 'timestamp'),
               ('timestamptz', 'timestamptz'), ('timestamp with time zone', 'timestamptz'),
               ('interval', 'interval'), ('time', 'time'), ('timestamp(0)', 'timestamp'),
               ('timestamptz(3)', 'timestamptz'), ('time(2)', 'time'), ('int', 'int4')]
DATE_VALS = ["'2024-01-31'", "'2024-02-29'", "'2023-02-28'", "'1999-12-31'", "'2000-01-01'", "'1970-01-01'",
             "'0001-01-01'", "'4713-01-01 BC'", "'5874897-12-31'", "'infinity'", "'-infinity'",
             "'epoch'", "'2024-03-10'", "'2024-11-03'", "'1900-02-28'", "'20240615'", "'June 5, 2021'",
             "'2021-W01-1'"]
DATE_BAD = ["'2024-02-30'", "'2023-02-29'", "'5874898-01-01'", "'2024-13-01'", "'abc'", "'2024-00-10'"]
TS_VALS = ["'2024-01-31 10:00:00'", "'2024-02-29 23:59:59.999999'", "'2000-01-01 00:00:00'",
           "'1970-01-01 00:00:00'", "'2024-03-10 02:30:00'", "'2024-11-03 01:30:00'", "'infinity'",
           "'-infinity'", "'epoch'", "'2024-06-15 12:34:56.789'", "'1999-12-31 23:59:59.5'",
           "'0001-01-01 00:00:00'", "'2024-01-01T08:00:00'", "'2021-05-05 05:05:05.0000005'",
           "'2024-10-27 02:30:00'", "'294276-12-31 23:59:59'"]
TSTZ_VALS = TS_VALS + ["'2024-01-01 10:00+02'", "'2024-07-01 12:00:00-07'", "'2024-03-31 01:30:00 UTC'",
                       "'2024-01-01 00:00:00 America/New_York'", "'2024-06-30 23:59:59.999+05:30'",
                       "'1901-12-13 20:45:52+00'"]
TS_BAD = ["'2024-02-30 10:00'", "'2024-01-01 25:00'", "'294277-01-01'", "'2024-01-01 10:60'", "'x'"]
INTERVAL_VALS = ["'1 day'", "'1 mon'", "'1 year 2 mons'", "'-1 day +02:00'", "'25:00:00'", "'1.5 days'",
                 "'0.5 mon'", "'1 week'", "'P1Y2M3DT4H5M6S'", "'3 hours 30 minutes'", "'-00:00:01'",
                 "'1 day -1 hour'", "'30 days'", "'35 days 48:00:00'", "'0'", "'@ 2 hours ago'",
                 "'178000000 years'", "'1 millisecond'", "'1 microsecond'", "'2 centuries'", "'1.25 hours'",
                 "'-1 mon -2 days'"]
INTERVAL_BAD = ["'1 fortnight'", "'178000001 years'", "'2147483648 days'", "'x'"]
TIME_VALS = ["'00:00'", "'23:59:59.999999'", "'24:00:00'", "'12:34:56'", "'04:05 PM'", "'10:00:00.5'",
             "'allballs'", "'13:00'", "'01:02:03.456789'"]
TIME_BAD = ["'24:00:01'", "'12:60'", "'25:00'"]

DT_EXTREME = {"'infinity'", "'-infinity'", "'5874897-12-31'", "'4713-01-01 BC'", "'294276-12-31 23:59:59'",
              "'0001-01-01 00:00:00'", "'0001-01-01'", "'178000000 years'", "'1901-12-13 20:45:52+00'"}
# extract / date_part fields each type takes
DT_FIELDS = {'time': ['hour', 'minute', 'second', 'milliseconds', 'microseconds', 'epoch'],
             'interval': ['year', 'month', 'day', 'hour', 'minute', 'second', 'milliseconds', 'microseconds',
                          'epoch', 'quarter', 'decade', 'century', 'millennium'],
             'date': ['year', 'month', 'day', 'dow', 'isodow', 'doy', 'week', 'isoyear', 'quarter', 'epoch',
                      'decade', 'century', 'millennium', 'julian'],
             'timestamp': ['year', 'month', 'day', 'hour', 'minute', 'second', 'milliseconds', 'microseconds',
                           'dow', 'isodow', 'doy', 'week', 'isoyear', 'quarter', 'epoch', 'decade', 'century',
                           'millennium', 'julian']}
DT_FIELDS['timestamptz'] = DT_FIELDS['timestamp'] + ['timezone', 'timezone_hour', 'timezone_minute']
DT_LITS = {
    'date': ["DATE '2024-01-31'", "'2024-02-29'::date", "'infinity'::date", "DATE '2000-01-01'",
             "'1999-12-31'::date", "'epoch'::date", "make_date(2024, 2, 29)", "'0044-03-15 BC'::date"],
    'timestamp': ["TIMESTAMP '2024-01-31 10:00'", "'2024-03-10 02:30'::timestamp", "'infinity'::timestamp",
                  "'2000-01-01 00:00:00.5'::timestamp", "'1970-01-01'::timestamp",
                  "make_timestamp(2024, 2, 29, 12, 30, 45.5)"],
    'timestamptz': ["TIMESTAMPTZ '2024-01-31 10:00+00'", "'2024-03-10 02:30'::timestamptz",
                    "'2024-11-03 01:30 America/New_York'::timestamptz", "'-infinity'::timestamptz",
                    "'2024-06-15 12:00:00+05:30'::timestamptz"],
    'interval': ["INTERVAL '1 day'", "'1 mon'::interval", "'-2 hours'::interval", "'1 year 6 mons'::interval",
                 "'36 hours'::interval", "'45 days'::interval", "'1.5 mons'::interval", "INTERVAL '90 minutes'",
                 "'1 day 25:00:00'::interval", "'-1 mon 40 days'::interval"],
    'time': ["TIME '12:34:56'", "'23:59:59.5'::time", "'00:00'::time", "'24:00'::time", "'10:00:00.25'::time"],
    'int4': ['1', '7', '-1', '30', '365', '0', '2147483647'],
    'float8': ['1.5', '0.5', '2', '-1', '1e10', "'NaN'::float8", '0.1'],
}
FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'milliseconds', 'microseconds', 'dow', 'isodow',
          'doy', 'week', 'isoyear', 'quarter', 'epoch', 'decade', 'century', 'millennium', 'julian', 'timezone']
TRUNC_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'week', 'quarter', 'decade', 'century',
                'millennium', 'milliseconds', 'microseconds']


class DateTimeGen(TypedGen):
    KIND, COLTYPES, ROWS, NTABLES, NINSERTS, RISKY_P = ('datetime', [c + (None,) for c in DT_COLTYPES],
                                                        (2, 3, 4, 5, 6), (0, 1, 1, 2), 2, 0.4)

    def prologue(self):
        return [Raw('SET TIME ZONE %s;' % self.r.choice(TIME_ZONES))]

    def after_query(self):
        return [Raw('SET TIME ZONE %s;' % self.r.choice(TIME_ZONES))] if self.chance(0.08) else []

    def epilogue(self):
        return [Raw("SET TIME ZONE 'UTC';")]

    def value(self, c, risky):
        r = self.r
        if not c.notnull and self.chance(0.12):
            return 'NULL'
        good, bad = {'date': (DATE_VALS, DATE_BAD), 'timestamp': (TS_VALS, TS_BAD),
                     'timestamptz': (TSTZ_VALS, TS_BAD), 'interval': (INTERVAL_VALS, INTERVAL_BAD),
                     'time': (TIME_VALS, TIME_BAD), 'int4': (['1', '7', '-3', '0', '400'], ['2147483648'])}[c.t]
        if risky and self.chance(0.4):
            return r.choice(bad)
        # the infinities and the ends of the range now and then, ordinary values mostly
        tame = [v for v in good if v not in DT_EXTREME]
        return r.choice(good if self.chance(0.2) or not tame else tame)

    def leaf(self, ctx, want):
        cols = [(n, t) for n, t in ctx.cols if t == want]
        if cols and self.chance(0.65):
            n, t = self.r.choice(cols)
            return lit(t, n)
        pool = DT_LITS[want]
        tame = [v for v in pool if 'infinity' not in v and v != '2147483647']
        return lit(want, self.r.choice(pool if self.chance(0.15) else tame))

    def expr(self, ctx, want, d):
        """want: date, timestamp, timestamptz, interval, time, float8 (extract / epoch), int4."""
        r = self.r
        if d <= 0 or self.chance(0.25):
            return self.leaf(ctx, want if want in DT_LITS else 'int4')
        d -= 1
        if want == 'date':
            k = r.randrange(4)
            if k == 0:
                return binop('date', self.expr(ctx, 'date', d), r.choice(['+', '-']), self.leaf(ctx, 'int4'))
            if k == 1:
                return E('date', ['(', 0, ')::date'], [self.expr(ctx, r.choice(['timestamp', 'timestamptz']), d)])
            if k == 2:
                return binop('date', self.leaf(ctx, 'int4'), '+', self.expr(ctx, 'date', d))
            return self.leaf(ctx, 'date')
        if want in ('timestamp', 'timestamptz'):
            k = r.randrange(7)
            if k <= 1:
                return binop(want, self.expr(ctx, want, d), r.choice(['+', '-']), self.expr(ctx, 'interval', d))
            if k == 2:
                return binop(want, self.expr(ctx, 'interval', d), '+', self.expr(ctx, want, d))
            if k == 3:
                return fn(want, 'date_trunc', lit('text', "'%s'" % r.choice(TRUNC_FIELDS)), self.expr(ctx, want, d))
            if k == 4:
                src = r.choice(['date', 'timestamp', 'timestamptz'])
                return E(want, ['(', 0, ')::' + want], [self.expr(ctx, src, d)])
            if k == 5 and want == 'timestamp':
                return binop('timestamp', self.expr(ctx, 'date', d), '+', self.expr(ctx, 'time', d))
            return self.leaf(ctx, want)
        if want == 'interval':
            k = r.randrange(9)
            if k <= 1:
                t = r.choice(['timestamp', 'timestamptz'])
                return binop('interval', self.expr(ctx, t, d), '-', self.expr(ctx, t, d))
            if k == 2:
                return binop('interval', self.expr(ctx, 'interval', d), r.choice(['+', '-']),
                             self.expr(ctx, 'interval', d))
            if k == 3:
                return binop('interval', self.expr(ctx, 'interval', d), r.choice(['*', '/']),
                             self.leaf(ctx, r.choice(['int4', 'float8'])))
            if k == 4:
                return fn('interval', r.choice(['justify_days', 'justify_hours', 'justify_interval']),
                          self.expr(ctx, 'interval', d))
            if k == 5:
                return E('interval', ['(- ', 0, ')'], [self.expr(ctx, 'interval', d)])
            if k == 6:
                return binop('interval', self.expr(ctx, 'time', d), '-', self.expr(ctx, 'time', d))
            if k == 7:
                return fn('interval', 'date_trunc', lit('text', "'%s'" % r.choice(TRUNC_FIELDS[:6] + ['decade'])),
                          self.expr(ctx, 'interval', d))
            return self.leaf(ctx, 'interval')
        if want == 'time':
            if self.chance(0.4):
                return binop('time', self.expr(ctx, 'time', d), r.choice(['+', '-']), self.expr(ctx, 'interval', d))
            if self.chance(0.3):
                return E('time', ['(', 0, ')::time'], [self.expr(ctx, r.choice(['timestamp', 'timestamptz']), d)])
            return self.leaf(ctx, 'time')
        if want == 'int4':
            if self.chance(0.5):
                return binop('int4', self.expr(ctx, 'date', d), '-', self.expr(ctx, 'date', d))
            return self.leaf(ctx, 'int4')
        # float8 / numeric: extract, date_part
        src = r.choice(['date', 'timestamp', 'timestamptz', 'interval', 'time'])
        f = r.choice(FIELDS if self.chance(0.05) else DT_FIELDS[src])
        if self.chance(0.5):
            return E('numeric', ['extract(%s FROM ' % f, 0, ')'], [self.expr(ctx, src, d)])
        return fn('float8', 'date_part', lit('text', "'%s'" % f), self.expr(ctx, src, d))

    def cond(self, ctx, d):
        t = self.r.choice(['date', 'timestamp', 'timestamptz', 'interval', 'time'])
        if t in ('date', 'timestamp', 'timestamptz') and self.chance(0.3):
            t2 = self.r.choice(['date', 'timestamp', 'timestamptz'])   # cross-type comparisons
        else:
            t2 = t
        return binop('bool', self.expr(ctx, t, d), self.r.choice(['=', '<>', '<', '<=', '>', '>=']),
                     self.expr(ctx, t2, d))

    def item(self, ctx, d):
        r = self.r
        t = r.choice(['date', 'timestamp', 'timestamptz', 'interval', 'time', 'extract', 'int4'])
        e = self.expr(ctx, t, d)
        k = r.random()
        if k < 0.1:
            e = E('text', ['(', 0, ')::text'], [e])
        elif k < 0.18:
            e = self.cond(ctx, d)
        return e

    def query(self):
        r = self.r
        q = Query()
        if not self.tables or self.chance(0.35):
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.item(dt.Ctx(), r.randint(1, 3))))
            return q
        name = r.choice(sorted(self.tables))
        q.table = name
        ctx = dt.Ctx([(c.name, c.t) for c in self.tables[name]], name)
        if self.chance(0.25):
            n, t = r.choice(ctx.cols)
            q.items.append(Item(lit(t, n)))
            q.group = [Key(0, 'pos')]
            q.items.append(Item(E('int8', 'count(*)', agg=True)))
            for _ in range(r.randint(0, 2)):
                a = lit(*r.choice([(t2, n2) for n2, t2 in ctx.cols]))
                q.items.append(Item(fn(a.t, r.choice(['min', 'max']), lit(a.t, a.parts[0]), agg=True)))
        else:
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.item(ctx, r.randint(0, 2))))
            if self.chance(0.5):
                q.where = self.cond(ctx, 1)
        keys = list(range(len(q.items)))
        r.shuffle(keys)
        q.order = [Key(i, 'pos', r.choice([False, True]), r.choice([None, 'FIRST', 'LAST'])) for i in keys]
        return q


GENERATORS = {'numeric': NumericGen, 'datetime': DateTimeGen}


def make_case(kind, seed, num):
    return GENERATORS[kind](seed, num).generate()
