#!/usr/bin/env python3
"""difftest.py — differential tester: random SQL through PostgreSQL (psql) and Sunstone.

A developer tool, not part of ctest/CI.  See README.md in this folder.

For every case (a deterministic function of --seed and the case number) it generates one SQL
script — CREATE TABLE, INSERTs, then SELECTs within the subset Sunstone supports — runs it
through `psql` against a scratch database and through `build/sunstone`, and compares the output
statement by statement.  Each mismatch is minimized (setup statements, rows, columns and
sub-expressions are removed while the mismatch persists) and written to --out.

Standard library only.
"""

import argparse
import collections
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# gen_types.py does `import difftest`: let that name this module when it runs as a script, so
# both share one set of statement classes
if __name__ == '__main__':
    sys.modules.setdefault('difftest', sys.modules[__name__])
sys.path.insert(0, HERE)
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
DEFAULT_SUNSTONE = os.path.join(ROOT, 'build', 'sunstone')

INTS = ('int2', 'int4', 'int8')
RANK = {'int2': 0, 'int4': 1, 'int8': 2, 'float8': 3}


def cat(t):
    if t in INTS:
        return 'int'
    if t == 'float8':
        return 'float'
    if t in ('text', 'bool'):
        return t
    return 'any'


def wider(a, b):
    return a if RANK.get(a, 1) >= RANK.get(b, 1) else b


# ------------------------------------------------------------------------------ expressions

class E:
    """An expression node.  parts: list of str (verbatim SQL) and int (index into args)."""
    __slots__ = ('t', 'parts', 'args', 'agg', 'ctx')

    def __init__(self, t, parts, args=(), agg=False):
        self.ctx = None   # leaves: (Ctx, wanted category), where a subquery may replace them
        self.t = t
        self.parts = parts if isinstance(parts, list) else [parts]
        self.args = list(args)
        self.agg = agg

    def sql(self):
        return ''.join(self.args[p].sql() if isinstance(p, int) else p for p in self.parts)

    def has_agg(self):
        return self.agg or any(a.has_agg() for a in self.args)

    def nodes(self, path=()):
        yield path, self
        for i, a in enumerate(self.args):
            yield from a.nodes(path + (i,))

    def replaced(self, path, new):
        if not path:
            return new
        c = E(self.t, self.parts, self.args, self.agg)
        c.args[path[0]] = self.args[path[0]].replaced(path[1:], new)
        return c

    def size(self):
        return 1 + sum(a.size() for a in self.args)


def lit(t, text):
    return E(t, text)


def fn(t, name, *args, agg=False):
    parts = [name + '(']
    for i in range(len(args)):
        if i:
            parts.append(', ')
        parts.append(i)
    parts.append(')')
    return E(t, parts, args, agg)


def binop(t, a, sym, b):
    return E(t, ['(', 0, ' %s ' % sym, 1, ')'], [a, b])


# Literal pools: (sql, type).
INT_LITS = [('0', 'int4'), ('1', 'int4'), ('2', 'int4'), ('3', 'int4'), ('-1', 'int4'), ('7', 'int4'),
            ('10', 'int4'), ('-5', 'int4'), ('100', 'int4'), ('2147483647', 'int4'),
            ('-2147483648', 'int4'), ('2147483648', 'int8'), ('46341', 'int4'), ('65536', 'int4'),
            ('9223372036854775807', 'int8'), ('-9223372036854775808', 'int8'),
            ('3037000500', 'int8'), ('4294967296', 'int8'), ('32767::smallint', 'int2'),
            ('(-32768)::smallint', 'int2'), ('-32768::smallint', 'int2'), ('2::smallint', 'int2'),
            ('181::smallint', 'int2'), ('0::int2', 'int2'), ("'12'::int", 'int4'),
            ('5::bigint', 'int8'), ('(-1)::int8', 'int8'), ('NULL::int', 'int4'),
            ('NULL::bigint', 'int8'), ('NULL::smallint', 'int2'), ('CAST(3 AS integer)', 'int4')]
FLOAT_LITS = ['1.5::float8', "'0.1'::float8", '(-2.5)::float8', '-2.5::float8', "'NaN'::float8",
              "'Infinity'::float8", "'-Infinity'::float8", '1e300::float8', '1e-300::float8',
              '0::float8', '3::float8', '0.5::float8', "'1e308'::float8", '100::float8',
              "'0.1'::double precision", 'CAST(2.5 AS float8)', 'NULL::float8', '0.2::float8',
              '1.5', '0.25', '2.0', '-0.5', '1e3', '7.0::float8', "'nan'::float8",
              "'-inf'::float8", '2.5e-3::float8', '(-0.0)::float8', "'-0'::float8"]
TEXT_LITS = ["''", "'a'", "'abc'", "'ABC'", "'Abc'", "'b'", "'héllo'", "'Ünïcödé'", "'日本語'",
             "'😀'", "'ß'", "'a%c'", "'a_c'", "'10'", "'-3'", "'t'", "'false'", "' x '", "'NaN'",
             "'1.5'", "'it''s'", "'Infinity'", "'z'", 'NULL::text', "'abc'::varchar(2)",
             "'xyz'::varchar", "'ab   '", "'Ǆ'", "'İ'", "'A B'"]
# Most literals come from these tame pools, so that most statements compute values rather
# than errors; the pools above supply the extremes.
TAME_INT_LITS = [('0', 'int4'), ('1', 'int4'), ('2', 'int4'), ('3', 'int4'), ('-1', 'int4'), ('7', 'int4'),
                 ('10', 'int4'), ('-5', 'int4'), ('100', 'int4'), ('4', 'int4'), ('2::smallint', 'int2'),
                 ('5::bigint', 'int8'), ('NULL::int', 'int4'), ('12', 'int4')]
TAME_FLOAT_LITS = ['1.5::float8', '0.5::float8', '3::float8', '(-2.5)::float8', '0::float8', '100::float8',
                   "'0.1'::float8", '2::float8', "'NaN'::float8", "'Infinity'::float8", '(-1)::float8',
                   'NULL::float8', '0.25::float8']
INT_STRINGS = ["'12'", "' 7 '", "'-3'", "'0'", "'+5'", "'100'"]
BOOL_STRINGS = ["'t'", "'yes'", "'off'", "'false'", "'1'", "' TRUE '", "'n'"]
FLOAT_STRINGS = ["'1.5'", "'-0.25'", "'NaN'", "'1e3'", "' 2 '", "'-Infinity'"]
BOOL_LITS = ['true', 'false', 'NULL::boolean', "'t'::boolean", "'yes'::boolean", "'off'::boolean",
             "'1'::boolean", 'NOT true']
LIKE_PATS = ["'a%'", "'%b%'", "'_'", "'%'", "''", "'h_llo'", "'A%'", "'%é%'", r"'a\%c'", "'%c'",
             "'__'", "'abc'", "'ABC'", "'%1%'", "'\\'", r"'%\_%'", "'%%'", "'_b_'", "'%日%'",
             "'%C'", "'%É%'", "'H_LLO'", "'%Ä%'", "'ǆ'", "'%ÜNÏ%'", "'%SS%'"]
ALIASES = ['x', 'y', 'n', 'v', 'total', 'k', 'c1', 'a', 'b', 'val', '"Mixed Case"', '"select"',
           'sum', 'count']

# Values for INSERT ... VALUES, by column type: valid ones, and ones that may fail.
VAL_INT2 = ['0', '1', '-1', '2', '7', '-32768', '32767', '100', '5', '-3', "'12'", '1+1', '181']
VAL_INT4 = ['0', '1', '-1', '3', '10', '-7', '2147483647', '-2147483648', '1000', '46341', '5', '2',
            "'42'", '-5', '3*4', '1.5', "' 7 '", '2.5', '65536']
VAL_INT8 = ['0', '1', '-1', '9223372036854775807', '-9223372036854775808', '3037000500',
            '4294967296', '5', '-12', '2', "'77'", '2147483648', '3']
VAL_FLOAT = ['0', '1.5', '-2.25', "'NaN'", "'Infinity'", "'-Infinity'", '1e308', '0.1', '-3', '2.5e-3',
             "'1e-5'", '3', '1.5::float8', '100.25', '1e300', "'0.1'", '7', '-0.5', '2', "'-0'", '-0.0']
VAL_TEXT = ["''", "'a'", "'abc'", "'ABC'", "'Abc'", "'héllo'", "'HÉLLO'", "'ÄÖÜ'", "'日本語'", "'😀'", "'a%c'", "'a_c'",
            "'10'", "'-3'", "' x '", "'it''s'", "'b'", "'zz'", "'ab   '", "'ß'", "'true'", '5',
            "'Ǆ'", "'A B'", "'t'", "'1.5'"]
VAL_BOOL = ['true', 'false', "'t'", "'no'", "'on'", "'1'", "'f'", 'true', 'false']
VAL_BAD = ['32768', '2147483648', "'abc'", "'maybe'", "''", '9223372036854775808', "'1e400'",
           "'abcdefgh'", "'x'", '1.5', "'2147483648'", 'NULL', "'12a'", '-32769', 'true', '1']


def sql_string_len(v):
    """Length in characters of a quoted literal with trailing blanks removed (as varchar(n)
    assignment does before complaining), or of an unquoted number."""
    if v.startswith("'") and v.endswith("'"):
        return len(v[1:-1].replace("''", "'").rstrip(' '))
    return len(v)


A_CONST_RE = re.compile(r"^(?:'(?:[^']|'')*'|-?\d+(?:\.\d*)?(?:e[-+]?\d+)?|NULL|true|false)$", re.I)


def is_a_const(e):
    """A bare literal: PostgreSQL reads it in ORDER BY / GROUP BY as a position (integers) or
    refuses it ("non-integer constant in ORDER BY"), so it is only ever referenced by position."""
    return A_CONST_RE.match(e.sql()) is not None


class Ctx:
    def __init__(self, cols=(), qual=None, agg_ok=False, group_keys=None, quals=None):
        self.cols = list(cols)        # [(name, type)]
        self.qual = qual              # qualifier usable in column references
        self.quals = quals            # joins: column name -> its table's qualifier
        self.agg_ok = agg_ok          # aggregates may appear
        self.group_keys = group_keys  # None: not grouped; else list of E usable outside aggregates
        self.in_agg = False

    def inner_agg(self):
        c = Ctx(self.cols, self.qual, False, None, self.quals)
        c.in_agg = True
        return c


class Gen:
    def __init__(self, rng):
        self.r = rng

    def chance(self, p):
        return self.r.random() < p

    # -- leaves
    def literal(self, want):
        r = self.r
        if want == 'int':
            s, t = r.choice(TAME_INT_LITS if self.chance(0.75) else INT_LITS)
            return lit(t, s)
        if want == 'float':
            return lit('float8', r.choice(TAME_FLOAT_LITS if self.chance(0.7) else FLOAT_LITS))
        if want == 'text':
            return lit('text', r.choice(TEXT_LITS))
        if want == 'bool':
            return lit('bool', r.choice(BOOL_LITS))
        return lit('text', 'NULL')

    def colref(self, ctx, name, t):
        if ctx.quals and self.chance(0.5):
            return lit(t, '%s.%s' % (ctx.quals[name], name))
        if ctx.qual and self.chance(0.3):
            return lit(t, '%s.%s' % (ctx.qual, name))
        return lit(t, name)

    def leaf(self, ctx, want):
        e = self.leaf_plain(ctx, want)
        if getattr(self, 'sub_dec', None) is None or ctx.group_keys is not None:
            return e
        if self.r is self.sub_r:
            # inside statements that only the sub streams generate
            if self.tables and not self.in_sub and self.chance(self.sub_p):
                with self.substream():
                    q = self.subquery_expr(ctx, want)
                if q is not None:
                    return q
            return e
        # main stream: mark the leaf; add_subqueries may replace it after the statement is
        # generated, so the main stream is consumed exactly as before subqueries existed
        if e.ctx is None and not e.agg:
            e = E(e.t, e.parts, e.args, e.agg)
            e.ctx = (ctx, want)
        return e

    def leaf_plain(self, ctx, want):
        r = self.r
        if ctx.agg_ok and not ctx.in_agg and self.chance(0.45):
            a = self.aggregate(ctx, want, 2)
            if a is not None:
                return a
        if ctx.group_keys is not None and not ctx.in_agg:
            keys = [k for k in ctx.group_keys if cat(k.t) == want]
            if keys and self.chance(0.7):
                return r.choice(keys)
            if ctx.cols and self.chance(0.02):   # ungrouped column: an error on both sides
                n, t = r.choice(ctx.cols)
                return self.colref(ctx, n, t)
            if self.chance(0.04):
                return lit('text', 'NULL')
            return self.literal(want)
        cols = [(n, t) for n, t in ctx.cols if cat(t) == want]
        if want == 'bool' and ctx.cols and (not cols or self.chance(0.5)) and self.chance(0.8):
            n, t = r.choice(ctx.cols)
            c = self.colref(ctx, n, t)
            if self.chance(0.15):
                return E('bool', ['(', 0, r.choice([' IS NULL)', ' IS NOT NULL)'])], [c])
            return binop('bool', c, r.choice(['=', '<>', '<', '<=', '>', '>=']), self.literal(cat(t)))
        if cols and self.chance(0.7):
            n, t = r.choice(cols)
            return self.colref(ctx, n, t)
        if self.chance(0.03):
            return lit('text', 'NULL')
        return self.literal(want)

    def expr(self, ctx, want, depth):
        r = self.r
        if want == 'any':
            want = r.choice(['int', 'int', 'float', 'text', 'bool'])
        if want == 'num':
            want = r.choice(['int', 'float'])
        if depth <= 0 or self.chance(0.25):
            return self.leaf(ctx, want)
        if ctx.agg_ok and not ctx.in_agg and self.chance(0.3):
            a = self.aggregate(ctx, want, depth)
            if a is not None:
                return a
        return getattr(self, 'x_' + want)(ctx, depth - 1)

    # -- aggregates
    def aggregate(self, ctx, want, depth):
        r = self.r
        ic = ctx.inner_agg()
        d = max(0, min(depth - 1, 2))
        if want == 'int':
            k = r.randrange(6)
            if k == 0:
                return E('int8', 'count(*)', agg=True)
            if k == 1:
                return fn('int8', 'count', self.expr(ic, 'any', d), agg=True)
            if k == 2:
                return E('int8', ['count(DISTINCT ', 0, ')'], [self.expr(ic, 'any', d)], agg=True)
            if k == 3:
                a = self.expr(ic, 'int', d)
                if a.t == 'int8' and self.chance(0.8):
                    a = fn('int4', 'abs', self.leaf(ic, 'int')) if self.chance(0.5) else lit('int4', '1')
                return fn('int8', 'sum', a, agg=True)
            a = self.expr(ic, 'int', d)
            return fn(a.t, r.choice(['min', 'max']), a, agg=True)
        if want == 'float':
            k = r.randrange(5)
            a = self.expr(ic, 'float', d)
            if k == 0:
                return fn('float8', 'sum', a, agg=True)
            if k == 1:
                return fn('float8', 'avg', a, agg=True)
            if k == 2 and self.chance(0.3):
                return fn('float8', 'avg', self.expr(ic, 'int', d), agg=True)  # numeric: skip
            return fn('float8', r.choice(['min', 'max']), a, agg=True)
        if want == 'text':
            if self.chance(0.1):
                return E('text', ['count(DISTINCT ', 0, ')::text'], [self.expr(ic, 'text', d)], agg=True)
            return fn('text', r.choice(['min', 'max']), self.expr(ic, 'text', d), agg=True)
        return None

    # -- typed expression builders
    def x_int(self, ctx, d):
        r = self.r
        k = r.randrange(17)
        if k <= 4:
            a, b = self.expr(ctx, 'int', d), self.expr(ctx, 'int', d)
            return binop(wider(a.t, b.t), a, r.choice(['+', '-', '*', '/', '%', '+', '-', '*']), b)
        if k == 5:
            a = self.expr(ctx, 'int', d)
            return E(a.t, ['(- ', 0, ')'], [a])
        if k == 6:
            a = self.expr(ctx, 'int', d)
            return fn(a.t, 'abs', a)
        if k == 7:
            a, b = self.expr(ctx, 'int', d), self.expr(ctx, 'int', d)
            return fn(wider(a.t, b.t), 'mod', a, b)
        if k == 8:
            return fn('int4', 'length', self.expr(ctx, 'text', d))
        if k == 9:
            return self.case(ctx, 'int', d)
        if k == 10:
            return self.coalesce(ctx, 'int', d)
        if k == 11:
            src = self.expr(ctx, 'float', d)
            t, n = r.choice([('int4', 'int'), ('int8', 'bigint'), ('int2', 'smallint'), ('int4', 'integer')])
            return E(t, ['(', 0, ')::' + n], [src])
        if k == 12:
            src = self.expr(ctx, 'int', d)
            t, n = r.choice([('int4', 'int'), ('int8', 'bigint'), ('int2', 'smallint'), ('int2', 'int2')])
            return E(t, ['(', 0, ')::' + n], [src])
        if k == 13:
            src = self.expr(ctx, r.choice(['text', 'bool']), d)
            if src.t == 'text' and self.chance(0.6):
                src = lit('text', r.choice(INT_STRINGS))
            t, n = r.choice([('int4', 'int'), ('int8', 'bigint'), ('int2', 'smallint')])
            if src.t == 'bool':
                t, n = 'int4', 'int'
            return E(t, ['(', 0, ')::' + n], [src])
        if k == 14:
            src = self.expr(ctx, 'num', d)
            return E('int4', ['CAST(', 0, ' AS integer)'], [src])
        return self.leaf(ctx, 'int')

    def x_float(self, ctx, d):
        r = self.r
        k = r.randrange(17)
        if k <= 4:
            a = self.expr(ctx, 'float', d)
            b = self.expr(ctx, 'float' if self.chance(0.6) else 'int', d)
            if self.chance(0.5):
                a, b = b, a
            return binop('float8', a, r.choice(['+', '-', '*', '/']), b)
        if k == 5:
            return E('float8', ['(- ', 0, ')'], [self.expr(ctx, 'float', d)])
        if k == 6:
            return fn('float8', r.choice(['abs', 'round', 'floor', 'ceil', 'sqrt', 'ceiling']),
                      self.expr(ctx, 'float', d))
        if k == 7:
            return fn('float8', r.choice(['power', 'power', 'pow']), self.expr(ctx, 'num', d),
                      self.expr(ctx, 'num', d))
        if k == 8:
            return self.case(ctx, 'float', d)
        if k == 9:
            return self.coalesce(ctx, 'float', d)
        if k == 10:
            src = self.expr(ctx, r.choice(['int', 'int', 'text']), d)
            if src.t == 'text' and self.chance(0.6):
                src = lit('text', r.choice(FLOAT_STRINGS))
            return E('float8', ['(', 0, ')::' + r.choice(['float8', 'double precision'])], [src])
        if k == 11:
            a = self.expr(ctx, 'float', d)
            return E('float8', ['(', 0, ' ^ ', 1, ')'], [a, self.expr(ctx, 'num', d)])
        return self.leaf(ctx, 'float')

    def x_text(self, ctx, d):
        r = self.r
        k = r.randrange(14)
        if k <= 2:
            a = self.expr(ctx, 'text', d)
            b = self.expr(ctx, 'text' if self.chance(0.7) else r.choice(['int', 'float', 'bool']), d)
            if self.chance(0.4):
                a, b = b, a
            return binop('text', a, '||', b)
        if k == 3:
            return fn('text', r.choice(['lower', 'upper']), self.expr(ctx, 'text', d))
        if k == 4:
            def iarg():
                a = self.expr(ctx, 'int', d)
                if a.t == 'int8' and self.chance(0.8):   # substr takes int4
                    a = E('int4', ['(', 0, ')::int'], [a])
                return a
            if self.chance(0.5):
                return fn('text', 'substr', self.expr(ctx, 'text', d), iarg())
            return fn('text', 'substr', self.expr(ctx, 'text', d), iarg(), iarg())
        if k == 5:
            src = self.expr(ctx, r.choice(['int', 'float', 'bool']), d)
            return E('text', ['(', 0, ')::text'], [src])
        if k == 6:
            src = self.expr(ctx, r.choice(['text', 'int', 'text']), d)
            return E('text', ['(', 0, ')::varchar(%d)' % r.choice([1, 2, 3, 5])], [src])
        if k == 7:
            return self.case(ctx, 'text', d)
        if k == 8:
            return self.coalesce(ctx, 'text', d)
        if k == 9:
            return fn('text', 'upper', fn('text', 'lower', self.expr(ctx, 'text', d)))
        return self.leaf(ctx, 'text')

    def x_bool(self, ctx, d):
        r = self.r
        k = r.randrange(16)
        if k <= 3:
            c = r.choice(['int', 'int', 'float', 'text', 'bool', 'num'])
            a = self.expr(ctx, c, d)
            b = self.expr(ctx, c if c != 'num' else 'num', d)
            return binop('bool', a, r.choice(['=', '<>', '<', '<=', '>', '>=', '!=']), b)
        if k <= 5:
            a, b = self.expr(ctx, 'bool', d), self.expr(ctx, 'bool', d)
            return binop('bool', a, r.choice(['AND', 'OR']), b)
        if k == 6:
            return E('bool', ['(NOT ', 0, ')'], [self.expr(ctx, 'bool', d)])
        if k == 7:
            return E('bool', ['(', 0, r.choice([' IS NULL)', ' IS NOT NULL)'])], [self.expr(ctx, 'any', d)])
        if k == 8:
            c = r.choice(['int', 'float', 'text'])
            kw = r.choice([' BETWEEN ', ' BETWEEN ', ' NOT BETWEEN '])
            return E('bool', ['(', 0, kw, 1, ' AND ', 2, ')'],
                     [self.expr(ctx, c, d), self.expr(ctx, c, d), self.expr(ctx, c, d)])
        if k == 9:
            c = r.choice(['int', 'float', 'text'])
            n = r.randint(1, 4)
            args = [self.expr(ctx, c, d)] + [self.expr(ctx, c, max(0, d - 1)) for _ in range(n)]
            parts = ['(', 0, r.choice([' IN (', ' IN (', ' NOT IN ('])]
            for i in range(n):
                if i:
                    parts.append(', ')
                parts.append(i + 1)
            parts.append('))')
            return E('bool', parts, args)
        if k == 10:
            kw = r.choice([' LIKE ', ' LIKE ', ' ILIKE ', ' NOT LIKE ', ' NOT ILIKE '])
            pat = lit('text', r.choice(LIKE_PATS)) if self.chance(0.8) else self.expr(ctx, 'text', d)
            return E('bool', ['(', 0, kw, 1, ')'], [self.expr(ctx, 'text', d), pat])
        if k == 11:
            src = self.expr(ctx, r.choice(['text', 'int']), d)
            if src.t == 'text' and self.chance(0.6):
                src = lit('text', r.choice(BOOL_STRINGS))
            if src.t in ('int2', 'int8') and self.chance(0.7):
                src = E('int4', ['(', 0, ')::int'], [src])
            return E('bool', ['(', 0, ')::boolean'], [src])
        if k == 12:
            return self.case(ctx, 'bool', d)
        if k == 13:
            return self.coalesce(ctx, 'bool', d)
        return self.leaf(ctx, 'bool')

    def case(self, ctx, want, d):
        r = self.r
        n = r.randint(1, 3)
        if self.chance(0.6):   # searched
            args, parts = [], ['CASE']
            for _ in range(n):
                parts += [' WHEN ', len(args), ' THEN ', len(args) + 1]
                args += [self.expr(ctx, 'bool', d), self.expr(ctx, want, d)]
        else:                  # simple
            c = r.choice(['int', 'text', 'int', 'float'])
            args, parts = [self.expr(ctx, c, d)], ['CASE ', 0]
            for _ in range(n):
                parts += [' WHEN ', len(args), ' THEN ', len(args) + 1]
                args += [self.expr(ctx, c, max(0, d - 1)), self.expr(ctx, want, d)]
        if self.chance(0.7):
            parts += [' ELSE ', len(args)]
            args.append(self.expr(ctx, want, d))
        parts.append(' END')
        t = args[1].t if want != 'int' else 'int4'
        for a in args[1::2]:
            if want == 'int' and a.t in INTS:
                t = wider(t, a.t)
        return E(t if cat(t) == want else {'int': 'int4', 'float': 'float8'}.get(want, want), parts, args)

    def coalesce(self, ctx, want, d):
        n = self.r.randint(2, 3)
        args = [self.expr(ctx, want, d) for _ in range(n)]
        t = args[0].t
        for a in args:
            if want == 'int' and a.t in INTS:
                t = wider(t, a.t)
        if cat(t) != want:
            t = {'int': 'int4', 'float': 'float8'}.get(want, want)
        return fn(t, 'COALESCE', *args)


# ------------------------------------------------------------------------------ statements

TYPE_SQL = {'int2': ['smallint', 'int2'], 'int4': ['int', 'integer', 'int4'],
            'int8': ['bigint', 'int8'], 'float8': ['float8', 'double precision'],
            'text': ['text'], 'bool': ['boolean', 'bool']}


class Column:
    def __init__(self, name, t, tsql, notnull, vclen=None):
        self.name, self.t, self.tsql, self.notnull, self.vclen = name, t, tsql, notnull, vclen


class CreateTable:
    kind = 'setup'

    def __init__(self, name, cols):
        self.name, self.cols = name, cols

    def sql(self):
        cs = ', '.join('%s %s%s' % (c.name, c.tsql, ' NOT NULL' if c.notnull else '') for c in self.cols)
        return 'CREATE TABLE %s (%s);' % (self.name, cs)


class Insert:
    kind = 'setup'

    def __init__(self, table, collist, rows):
        self.table, self.collist, self.rows = table, collist, rows

    def sql(self):
        cl = ' (%s)' % ', '.join(self.collist) if self.collist is not None else ''
        if not self.rows:
            return 'INSERT INTO %s%s SELECT %s WHERE false;' % (self.table, cl, ', '.join(
                'NULL' for _ in (self.collist or [1])))
        return 'INSERT INTO %s%s VALUES %s;' % (self.table, cl, ', '.join(
            '(' + ', '.join(row) + ')' for row in self.rows))


class InsertSelect:
    kind = 'setup'

    def __init__(self, table, collist, query):
        self.table, self.collist, self.query = table, collist, query

    def sql(self):
        cl = ' (%s)' % ', '.join(self.collist) if self.collist is not None else ''
        return 'INSERT INTO %s%s %s' % (self.table, cl, self.query.sql())


class Drop:
    kind = 'setup'

    def __init__(self, names):
        self.names = names

    def sql(self):
        return 'DROP TABLE %s;' % ', '.join(self.names)


class Raw:
    """A statement given as text (SET / RESET, set operations)."""

    def __init__(self, text, kind='setup'):
        self.text, self.kind = text, kind

    def sql(self):
        return self.text


IDENT_RE = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')


class Item:
    def __init__(self, expr, alias=None):
        self.expr, self.alias = expr, alias


class Key:
    """ORDER BY / GROUP BY key: ref is an item index (int) or an E; style pos/alias/expr."""

    def __init__(self, ref, style='expr', desc=False, nulls=None):
        self.ref, self.style, self.desc, self.nulls = ref, style, desc, nulls


class Query:
    kind = 'query'

    def __init__(self):
        self.distinct = False
        self.star = False
        self.items = []
        self.table = None
        self.alias = None
        self.where = None
        self.group = None     # None or list of Key
        self.having = None
        self.order = []
        self.limit = None
        self.offset = None
        self.with_ = None         # 'WITH ... ' prefix (text), or None
        self.distinct_on = None   # None or list of item indices

    def key_sql(self, k, order):
        if isinstance(k.ref, int):
            it = self.items[k.ref]
            if k.style == 'pos' or self.star and k.style == 'alias':
                s = str(k.ref + 1)
            elif k.style == 'alias' and it.alias:
                s = it.alias
            else:
                s = it.expr.sql()
                # a bare name in ORDER BY means an output column of that name first (SQL-92
                # rule), so an expression that is spelled like another item's alias would sort
                # by that item instead: use the position
                if order and IDENT_RE.match(s) and any(
                        x.alias and x.alias.strip('"').lower() == s.lower() for x in self.items):
                    s = str(k.ref + 1)
        else:
            s = k.ref.sql()
        if order:
            if k.desc:
                s += ' DESC'
            elif k.desc is None:
                s += ' ASC'
            if k.nulls:
                s += ' NULLS ' + k.nulls
        return s

    def sql(self):
        s = (self.with_ or '') + 'SELECT '
        if self.distinct_on:
            s += 'DISTINCT ON (%s) ' % ', '.join(
                str(i + 1) if self.star or is_a_const(self.items[i].expr) else self.items[i].expr.sql()
                for i in self.distinct_on)
        elif self.distinct:
            s += 'DISTINCT '
        if self.star:
            s += '*'
        else:
            s += ', '.join(it.expr.sql() + (' AS ' + it.alias if it.alias else '') for it in self.items)
        if self.table:
            s += ' FROM ' + self.table + (' AS ' + self.alias if self.alias else '')
        if self.where is not None:
            s += ' WHERE ' + self.where.sql()
        if self.group is not None:
            s += ' GROUP BY ' + ', '.join(self.key_sql(k, False) for k in self.group)
        if self.having is not None:
            s += ' HAVING ' + self.having.sql()
        if self.order:
            s += ' ORDER BY ' + ', '.join(self.key_sql(k, True) for k in self.order)
        if self.limit is not None:
            s += ' LIMIT ' + self.limit
        if self.offset is not None:
            s += ' OFFSET ' + self.offset
        return s + ';'

    def copy(self):
        q = Query()
        q.__dict__.update(self.__dict__)
        q.items = [Item(i.expr, i.alias) for i in self.items]
        q.group = None if self.group is None else [Key(k.ref, k.style, k.desc, k.nulls) for k in self.group]
        q.order = [Key(k.ref, k.style, k.desc, k.nulls) for k in self.order]
        return q


class Case:
    def __init__(self, seed, num, stmts):
        self.seed, self.num, self.stmts = seed, num, stmts

    def script(self):
        return '\n'.join(s.sql() for s in self.stmts) + '\n'


class CaseGen(Gen):
    def __init__(self, seed, num):
        super().__init__(random.Random('%s/%s' % (seed, num)))
        self.seed, self.num = seed, num
        self.join_r = random.Random('%s/%s/join' % (seed, num))
        # subqueries, WITH, set operations, DISTINCT ON, work_mem: decided by sub_dec and
        # generated from sub_r / sub_join_r (substream), so the main streams are never touched
        self.sub_dec = random.Random('%s/%s/subdec' % (seed, num))
        self.sub_r = random.Random('%s/%s/sub' % (seed, num))
        self.sub_join_r = random.Random('%s/%s/subjoin' % (seed, num))
        self.sub_p = 0.04
        self.in_sub = False
        self.from_override = None
        self.tables = {}   # name -> [Column]

    # -- setup
    def make_table(self, name, letters):
        r = self.r
        cols = []
        for i in range(r.randint(1, 5)):
            t = r.choice(['int2', 'int4', 'int4', 'int8', 'float8', 'float8', 'text', 'text', 'varchar', 'bool'])
            if t == 'varchar':
                n = r.choice([1, 2, 3, 5, 10])
                c = Column(letters[i], 'text', 'varchar(%d)' % n, False, n)
            else:
                c = Column(letters[i], t, r.choice(TYPE_SQL[t]), False)
            c.notnull = self.chance(0.15)
            cols.append(c)
        self.tables[name] = cols
        return CreateTable(name, cols)

    def value(self, c, risky):
        r = self.r
        if risky and self.chance(0.08):
            return r.choice(VAL_BAD)
        if not c.notnull and self.chance(0.15):
            return 'NULL'
        if c.vclen is not None:
            ok = [v for v in VAL_TEXT if sql_string_len(v) <= c.vclen]
            return r.choice(ok)
        pool = {'int2': VAL_INT2, 'int4': VAL_INT4, 'int8': VAL_INT8, 'float8': VAL_FLOAT,
                'text': VAL_TEXT, 'bool': VAL_BOOL}[c.t]
        return r.choice(pool)

    def make_insert(self, name, risky=None):
        r = self.r
        cols = self.tables[name]
        collist = None
        use = cols
        if self.chance(0.25):
            use = [c for c in cols if self.chance(0.7) or c.notnull] or cols[:1]
            r.shuffle(use)
            collist = [c.name for c in use]
        if risky is None:
            risky = self.chance(0.15)
        nrows = r.choice([1, 2, 3, 4, 5, 6, 8, 10]) if self.chance(0.97) else 0
        if risky:
            nrows = min(nrows, 2)
        rows = [[self.value(c, risky) for c in use] for _ in range(nrows)]
        return Insert(name, collist, rows)

    def make_insert_select(self, name):
        r = self.r
        src = r.choice(list(self.tables))
        scols = self.tables[src]
        ctx = Ctx([(c.name, c.t) for c in scols], src)
        q = Query()
        q.table = src
        for c in self.tables[name]:
            same = [s for s in scols if cat(s.t) == cat(c.t)]
            if same and self.chance(0.6):
                s = r.choice(same)
                e = lit(s.t, s.name)
            else:
                e = self.expr(ctx, cat(c.t), 1)
            q.items.append(Item(e))
        if self.chance(0.4):
            q.where = self.expr(ctx, 'bool', 2)
        if self.chance(0.2):
            q.order = [Key(i, 'pos') for i in range(len(q.items))]
            q.limit = str(r.choice([1, 2, 3]))
        return InsertSelect(name, None, q)

    # -- queries
    def pick_alias(self, used):
        for _ in range(5):
            a = self.r.choice(ALIASES)
            if a not in used:
                used.add(a)
                return a
        return None

    def order_all(self, q, allow_expr=True, extra=None):
        r = self.r
        idx = list(range(len(q.items)))
        r.shuffle(idx)
        keys = []
        if extra is not None and not is_a_const(extra):
            keys.append(Key(extra, 'expr', r.choice([False, True, None]), r.choice([None, 'FIRST', 'LAST'])))
        for i in idx:
            styles = ['pos', 'pos']
            if q.items[i].alias:
                styles.append('alias')
            if allow_expr and not is_a_const(q.items[i].expr):
                styles.append('expr')
            keys.append(Key(i, r.choice(styles), r.choice([False, False, True, None]),
                            r.choice([None, None, 'FIRST', 'LAST'])))
        q.order = keys

    def maybe_limit(self, q):
        r = self.r
        if self.chance(0.25):
            q.limit = r.choice(['0', '1', '2', '3', '5', '100', 'ALL', 'NULL', '2 + 1', '1', '2', '3'] +
                               (['-1'] if self.chance(0.3) else []))
        if self.chance(0.15):
            q.offset = r.choice(['0', '1', '2', '4', '10', '1', '2', 'NULL'] + (['-1'] if self.chance(0.3) else []))

    def query_nofrom(self):
        q = Query()
        ctx = Ctx()
        used = set()
        for _ in range(self.r.randint(1, 4)):
            q.items.append(Item(self.expr(ctx, 'any', self.r.randint(1, 4)),
                                self.pick_alias(used) if self.chance(0.2) else None))
        return q

    def table_ctx(self, q):
        if self.from_override is not None:
            f, self.from_override = self.from_override, None
            return f(q)
        # the join decision has its own stream, so a case without a join is generated exactly
        # as before joins existed (old seeds keep their cases)
        if len(self.tables) >= 2 and self.join_r.random() < 0.35:
            return self.join_ctx(q)
        name = self.r.choice(list(self.tables))
        q.table = name
        qual = name
        if self.chance(0.3):
            q.alias = self.r.choice(['x', 'tt', 'q', 's'])
            qual = q.alias
        return Ctx([(c.name, c.t) for c in self.tables[name]], qual)

    def join_ctx(self, q):
        """FROM two tables joined (inner, outer, cross or comma); the column names of the two
        tables differ, so unqualified references stay unambiguous."""
        r = self.r
        names = sorted(self.tables)
        if self.chance(0.5):
            names.reverse()
        refs, quals, cols = [], {}, []
        for n in names:
            qual = r.choice(['x', 'y', 'j']) + n[1:] if self.chance(0.4) else n
            refs.append(n + (' AS ' + qual if qual != n else ''))
            for c in self.tables[n]:
                quals[c.name] = qual
                cols.append((c.name, c.t))
        ctx = Ctx(cols, None, quals=quals)
        kind = r.choice(['JOIN', 'JOIN', 'LEFT JOIN', 'LEFT JOIN', 'RIGHT JOIN', 'FULL JOIN', 'CROSS JOIN', ','])
        left = [(c.name, c.t) for c in self.tables[names[0]]]
        right = [(c.name, c.t) for c in self.tables[names[1]]]
        pairs = [(a, b) for a in left for b in right if cat(a[1]) == cat(b[1]) and cat(a[1]) != 'bool']
        if kind not in ('CROSS JOIN', ',') and not pairs:
            kind = 'CROSS JOIN'
        if kind == ',':
            q.table = refs[0] + ', ' + refs[1]
        elif kind == 'CROSS JOIN':
            q.table = refs[0] + ' CROSS JOIN ' + refs[1]
        else:
            conds = []
            for a, b in r.sample(pairs, min(len(pairs), r.choice([1, 1, 1, 2]))):
                conds.append('%s.%s = %s.%s' % (quals[a[0]], a[0], quals[b[0]], b[0]))
            # PostgreSQL runs a FULL JOIN only on hash- or merge-joinable conditions
            if kind != 'FULL JOIN' and self.chance(0.3):
                conds.append(self.expr(ctx, 'bool', 1).sql())
            q.table = '%s %s %s ON %s' % (refs[0], kind, refs[1], ' AND '.join(conds))
        q.star_cols = cols
        return ctx

    def query_plain(self):
        r = self.r
        q = Query()
        ctx = self.table_ctx(q)
        used = set()
        if self.chance(0.12):
            q.star = True
            q.items = [Item(lit(t, n)) for n, t in getattr(q, 'star_cols', None) or
                       [(c.name, c.t) for c in self.tables[q.table]]]
        else:
            for _ in range(r.randint(1, 4)):
                q.items.append(Item(self.expr(ctx, 'any', r.randint(0, 3)),
                                    self.pick_alias(used) if self.chance(0.25) else None))
        if self.chance(0.6):
            q.where = self.expr(ctx, 'bool', r.randint(1, 3))
        q.distinct = not q.star and self.chance(0.12)
        extra = None
        if not q.distinct and self.chance(0.2):
            extra = self.expr(ctx, 'any', 1)
        self.order_all(q, extra=extra)
        self.maybe_limit(q)
        return q

    def query_agg(self):
        r = self.r
        q = Query()
        ctx = self.table_ctx(q)
        actx = Ctx(ctx.cols, ctx.qual, True, [], ctx.quals)
        used = set()
        for _ in range(r.randint(1, 4)):
            e = self.aggregate(actx, r.choice(['int', 'int', 'float', 'text']), 2)
            if self.chance(0.3):
                e = self.expr(actx, r.choice(['int', 'float', 'text', 'bool']), 2)
            q.items.append(Item(e, self.pick_alias(used) if self.chance(0.2) else None))
        if self.chance(0.5):
            q.where = self.expr(ctx, 'bool', r.randint(1, 3))
        if self.chance(0.15):
            q.having = self.expr(actx, 'bool', 2)
        return q

    def query_group(self):
        r = self.r
        q = Query()
        ctx = self.table_ctx(q)
        used = set()
        keys = []
        for _ in range(r.randint(1, 2)):
            if self.chance(0.65):
                n, t = r.choice(ctx.cols)
                keys.append(self.colref(ctx, n, t) if self.chance(0.8) else lit(t, n))
            else:
                k = self.expr(ctx, r.choice(['int', 'text', 'bool', 'float']), 2)
                if is_a_const(k):   # would be a position or an error; parentheses do not help
                    n, t = r.choice(ctx.cols)
                    k = lit(t, n)
                keys.append(k)
        gctx = Ctx(ctx.cols, ctx.qual, True, keys, ctx.quals)
        q.group = []
        for k in keys:
            if self.chance(0.75):
                q.items.append(Item(k, self.pick_alias(used) if self.chance(0.3) else None))
                i = len(q.items) - 1
                q.group.append(Key(i, 'pos' if is_a_const(k) else r.choice(['pos', 'expr', 'alias', 'expr'])))
            else:
                q.group.append(Key(k))
        for _ in range(r.randint(1, 3)):
            if self.chance(0.6):
                e = self.aggregate(gctx, r.choice(['int', 'int', 'float', 'text']), 2)
            else:
                e = self.expr(gctx, r.choice(['int', 'float', 'text', 'bool']), 2)
            q.items.append(Item(e, self.pick_alias(used) if self.chance(0.25) else None))
        if self.chance(0.3):
            q.where = self.expr(ctx, 'bool', r.randint(1, 2))
        if self.chance(0.35):
            q.having = self.expr(gctx, 'bool', 2)
        self.order_all(q)
        self.maybe_limit(q)
        return q

    def make_query(self):
        k = self.r.random()
        if k < 0.25 or not self.tables:
            return self.query_nofrom()
        if k < 0.6:
            return self.query_plain()
        if k < 0.75:
            return self.query_agg()
        return self.query_group()

    def generate(self):
        r = self.r
        stmts = []
        work_mem = self.sub_dec.random() < 0.15
        if work_mem:
            stmts.append(Raw("SET work_mem = '64kB';"))
        letters_sets = [list('abcdef'), list('pqrstu')]
        ntab = r.choice([0, 1, 1, 1, 2, 2])
        for i in range(ntab):
            name = 't%d' % (i + 1)
            stmts.append(self.make_table(name, letters_sets[i]))
        for name in list(self.tables):
            for j in range(r.randint(1, 3)):
                stmts.append(self.make_insert(name, risky=False if j == 0 else None))
        if self.tables and self.chance(0.3):
            stmts.append(self.make_insert_select(r.choice(list(self.tables))))
            if self.sub_dec.random() < 0.25:
                with self.substream(nested=False):
                    s = stmts[-1]
                    stmts[-1] = InsertSelect(s.table, s.collist, self.add_subqueries(s.query))
        for _ in range(r.randint(5, 10)):
            stmts.append(self.make_query())
            if self.tables and isinstance(stmts[-1], Query) and self.sub_dec.random() < 0.25:
                with self.substream(nested=False):
                    stmts[-1] = self.add_subqueries(stmts[-1])
            if self.tables and self.sub_dec.random() < 0.35:
                with self.substream(nested=False):
                    stmts.append(self.new_query())
            if self.tables and self.chance(0.04):
                stmts.append(self.make_insert(r.choice(list(self.tables)), risky=True))
        if self.tables:
            stmts.append(Drop(sorted(self.tables)))
        if work_mem:
            stmts.append(Raw('RESET work_mem;'))
        return Case(self.seed, self.num, stmts)


    # -- subqueries, WITH, set operations, DISTINCT ON (all drawn from the sub streams)
    @contextlib.contextmanager
    def substream(self, nested=True):
        saved = self.r, self.join_r, self.in_sub
        self.r, self.join_r = self.sub_r, self.sub_join_r
        self.in_sub = self.in_sub or nested
        try:
            yield
        finally:
            self.r, self.join_r, self.in_sub = saved

    def add_subqueries(self, q):
        """q with some of its marked leaves replaced by subqueries (sub stream only)."""
        q = q.copy()
        slots = [('item', i) for i in range(len(q.items)) if not q.star]
        slots += [(a, None) for a in ('where', 'having') if getattr(q, a) is not None]
        cands = []
        for kind, i in slots:
            e = q.items[i].expr if kind == 'item' else getattr(q, kind)
            cands += [(kind, i, path, n) for path, n in e.nodes() if n.ctx is not None]
        if not cands:
            return q
        self.r.shuffle(cands)
        done = set()
        for kind, i, path, n in cands[:self.r.choice([1, 1, 1, 2])]:
            if (kind, i) in done:
                continue
            done.add((kind, i))
            with self.substream():
                sq = self.subquery_expr(n.ctx[0], n.ctx[1])
            if sq is None:
                continue
            if kind == 'item':
                q.items[i] = Item(q.items[i].expr.replaced(path, sq), q.items[i].alias)
            else:
                setattr(q, kind, getattr(q, kind).replaced(path, sq))
        return q

    def outer_ref(self, ctx):
        """A qualified column of the enclosing query for a correlation, or None."""
        if not ctx.cols or ctx.in_agg or ctx.agg_ok or ctx.group_keys is not None:
            return None
        n, t = self.r.choice(ctx.cols)
        q = ctx.quals[n] if ctx.quals else ctx.qual
        return (lit(t, '%s.%s' % (q, n)), t) if q else None

    def inner_source(self, ctx):
        """FROM of a subquery: one table, aliased i; its context and a correlation (or None)."""
        r = self.r
        t = r.choice(sorted(self.tables))
        ictx = Ctx([(c.name, c.t) for c in self.tables[t]], 'i')
        conds = []
        o = self.outer_ref(ctx) if self.chance(0.7) else None
        if o is not None:
            same = [(n, ct) for n, ct in ictx.cols if cat(ct) == cat(o[1])]
            if same:
                n, ct = r.choice(same)
                op = r.choice(['=', '=', '=', '<>', '<', '>='])
                conds.append(binop('bool', self.colref(ictx, n, ct), op, o[0]))
            else:
                conds.append(E('bool', ['(', 0, ' IS NOT NULL)'], [o[0]]))
        if self.chance(0.35):
            conds.append(self.expr(ictx, 'bool', 1))
        where = ''
        if conds:
            where = ' WHERE ' + ' AND '.join(c.sql() for c in conds)
        return '%s AS i' % t, ictx, where

    def inner_value(self, ictx, want):
        cols = [(n, t) for n, t in ictx.cols if cat(t) == want]
        if cols and self.chance(0.7):
            n, t = self.r.choice(cols)
            return self.colref(ictx, n, t)
        return self.expr(ictx, want, 1)

    def subquery_expr(self, ctx, want):
        r = self.r
        frm, ictx, where = self.inner_source(ctx)
        if want in ('int', 'float', 'text'):
            k = r.randrange(5)
            if k == 0 and want == 'int':
                return lit('int8', '(SELECT count(*) FROM %s%s)' % (frm, where))
            v = self.inner_value(ictx, want)
            if k <= 2:
                return lit(v.t, '(SELECT %s(%s) FROM %s%s)' % (r.choice(['max', 'min']), v.sql(), frm, where))
            if k == 3:
                return lit(v.t, '(SELECT %s FROM %s%s ORDER BY 1 %s LIMIT 1)' % (
                    v.sql(), frm, where, r.choice(['NULLS FIRST', 'DESC NULLS LAST', 'DESC NULLS FIRST'])))
            # may return more than one row: 21000 on both sides
            return lit(v.t, '(SELECT %s FROM %s%s)' % (v.sql(), frm, where))
        if want != 'bool':
            return None
        k = r.randrange(4)
        if k == 0:
            return lit('bool', '(%sEXISTS (SELECT %s FROM %s%s))' % (
                r.choice(['', 'NOT ']), r.choice(['1', '*', 'NULL']), frm, where))
        c = r.choice(['int', 'int', 'float', 'text', 'bool'])
        left = self.leaf_plain(ctx, c)
        v = self.inner_value(ictx, c)
        inner = 'SELECT %s FROM %s%s' % (v.sql(), frm, where)
        if self.chance(0.15):
            inner += ' UNION ALL SELECT NULL'
        if k <= 2:
            return lit('bool', '(%s %sIN (%s))' % (left.sql(), r.choice(['', 'NOT ']), inner))
        op = r.choice(['=', '<>', '<', '<=', '>', '>='])
        return lit('bool', '(%s %s %s (%s))' % (left.sql(), op, r.choice(['ANY', 'ALL', 'SOME']), inner))

    def derived(self, prefix):
        """A query over one table for FROM (...) or WITH: (sql, column alias list or None,
        [(column, type)])."""
        r = self.r
        t = r.choice(sorted(self.tables))
        cols = [(c.name, c.t) for c in self.tables[t]]
        ctx = Ctx(cols, t)
        inner = Query()
        inner.table = t
        if self.chance(0.25):
            n, ct = r.choice(cols)
            key = lit(ct, n)
            inner.items.append(Item(key))
            inner.group = [Key(0, 'pos')]
            gctx = Ctx(cols, t, True, [key])
            for _ in range(r.randint(0, 2)):
                inner.items.append(Item(self.aggregate(gctx, r.choice(['int', 'int', 'float', 'text']), 2)))
            if self.chance(0.3):
                inner.having = self.expr(gctx, 'bool', 1)
        else:
            for _ in range(r.randint(1, 3)):
                if self.chance(0.6):
                    n, ct = r.choice(cols)
                    e = lit(ct, n)
                else:
                    e = self.expr(ctx, r.choice(['int', 'int', 'float', 'text', 'bool']), 2)
                inner.items.append(Item(e))
            if self.chance(0.5):
                inner.where = self.expr(ctx, 'bool', 2)
            if self.chance(0.15):
                self.order_all(inner)
                inner.limit = r.choice(['1', '2', '3'])
        names = ['%s%d' % (prefix, i + 1) for i in range(len(inner.items))]
        collist = None
        if self.chance(0.5):
            collist = names
        else:
            for it, nm in zip(inner.items, names):
                it.alias = nm
        return inner.sql().rstrip(';'), collist, [(nm, it.expr.t) for nm, it in zip(names, inner.items)]

    def sources_ctx(self, q, srcs):
        """FROM over one or two sources [(ref sql, qualifier, [(col, type)])], joined as
        join_ctx joins tables."""
        r = self.r
        quals, cols = {}, []
        for ref, qual, cs in srcs:
            for n, t in cs:
                quals[n] = qual
                cols.append((n, t))
        ctx = Ctx(cols, None, quals=quals)
        q.star_cols = cols
        if len(srcs) == 1:
            q.table = srcs[0][0]
            return ctx
        kind = r.choice(['JOIN', 'JOIN', 'LEFT JOIN', 'RIGHT JOIN', 'FULL JOIN', 'CROSS JOIN', ','])
        pairs = [(a, b) for a in srcs[0][2] for b in srcs[1][2] if cat(a[1]) == cat(b[1]) and cat(a[1]) != 'bool']
        if not pairs and kind != ',':
            kind = 'CROSS JOIN'
        if kind == ',':
            q.table = srcs[0][0] + ', ' + srcs[1][0]
        elif kind == 'CROSS JOIN':
            q.table = srcs[0][0] + ' CROSS JOIN ' + srcs[1][0]
        else:
            a, b = r.choice(pairs)
            cond = '%s.%s = %s.%s' % (quals[a[0]], a[0], quals[b[0]], b[0])
            if kind != 'FULL JOIN' and self.chance(0.3):
                cond += ' AND ' + self.expr(ctx, 'bool', 1).sql()
            q.table = '%s %s %s ON %s' % (srcs[0][0], kind, srcs[1][0], cond)
        return ctx

    def outer_query(self, from_override):
        k = self.r.random()
        self.from_override = from_override
        if k < 0.55:
            q = self.query_plain()
        elif k < 0.75:
            q = self.query_agg()
        else:
            q = self.query_group()
        self.from_override = None
        return q

    def from_subquery_query(self):
        r = self.r

        def src(prefix, qual):
            sql, collist, cols = self.derived(prefix)
            ref = '(%s) AS %s' % (sql, qual) + ('(%s)' % ', '.join(collist) if collist else '')
            return ref, qual, cols
        srcs = [src('v', 'sq')]
        if self.chance(0.35):
            if self.chance(0.5):
                srcs.append(src('w', 'sq2'))
            else:
                t = r.choice(sorted(self.tables))
                srcs.append((t, t, [(c.name, c.t) for c in self.tables[t]]))
        return self.outer_query(lambda q: self.sources_ctx(q, srcs))

    def with_query(self):
        r = self.r
        defs, srcs = [], []
        for name, prefix in (('w1', 'v'), ('w2', 'x'))[:r.choice([1, 1, 2])]:
            sql, collist, cols = self.derived(prefix)
            mat = r.choice(['', '', 'MATERIALIZED ', 'NOT MATERIALIZED '])
            defs.append('%s%s AS %s(%s)' % (name, '(%s)' % ', '.join(collist) if collist else '', mat, sql))
            srcs.append((name, name, cols))
        use = srcs if len(srcs) == 1 or self.chance(0.5) else [r.choice(srcs)]
        q = self.outer_query(lambda q: self.sources_ctx(q, use))
        if self.chance(0.4):
            # a second reference to the first WITH query
            n, t = srcs[0][2][0]
            twice = lit('bool', '(%s %s (SELECT %s(z.%s) FROM w1 AS z))' % (
                'w1.' + n if use[0][1] == 'w1' or len(use) > 1 and use[1][1] == 'w1' else '1',
                r.choice(['=', '<>', '<=', '>=']), r.choice(['min', 'max']), n)
                        if cat(t) != 'bool' else '(EXISTS (SELECT 1 FROM w1 AS z))')
            if 'w1.' not in twice.sql() and cat(t) != 'bool':
                twice = lit('bool', '(EXISTS (SELECT 1 FROM w1 AS z WHERE z.%s IS NOT NULL))' % n)
            q.where = twice if q.where is None else binop('bool', q.where, r.choice(['AND', 'OR']), twice)
        q.with_ = 'WITH ' + ', '.join(defs) + ' '
        return q

    def setop_query(self):
        r = self.r
        cats = [r.choice(['int', 'int', 'float', 'text', 'bool']) for _ in range(r.randint(1, 3))]
        branches = []
        for _ in range(r.choice([2, 2, 2, 3])):
            q = Query()
            ctx = Ctx() if self.chance(0.1) else self.table_ctx(q)
            for c in cats:
                cols = [x for x in ctx.cols if cat(x[1]) == c]
                if cols and self.chance(0.6):
                    n, t = r.choice(cols)
                    q.items.append(Item(self.colref(ctx, n, t)))
                else:
                    q.items.append(Item(self.expr(ctx, c, 2)))
            if ctx.cols and self.chance(0.5):
                q.where = self.expr(ctx, 'bool', 2)
            branches.append(q.sql().rstrip(';'))
        ops = ['UNION', 'UNION ALL', 'INTERSECT', 'INTERSECT ALL', 'EXCEPT', 'EXCEPT ALL']
        s = branches[0]
        for b in branches[1:]:
            op = r.choice(ops)
            if self.chance(0.3):
                s = '(%s) %s %s' % (s, op, b)
            elif self.chance(0.2):
                s = '%s %s (%s)' % (s, op, b)
            else:
                s = '%s %s %s' % (s, op, b)
        keys = list(range(1, len(cats) + 1))
        r.shuffle(keys)
        s += ' ORDER BY ' + ', '.join('%d%s%s' % (k, r.choice(['', '', ' DESC', ' ASC']),
                                                  r.choice(['', '', ' NULLS FIRST', ' NULLS LAST'])) for k in keys)
        if self.chance(0.2):
            s += ' LIMIT %d' % r.choice([1, 2, 3])
        return Raw(s + ';', 'query')

    def distinct_on_query(self):
        r = self.r
        q = self.query_plain()
        q.distinct = False
        idx = list(range(len(q.items)))
        r.shuffle(idx)
        q.distinct_on = idx[:r.randint(1, min(2, len(idx)))]
        lead = {i: k for k in q.order if isinstance(k.ref, int) for i in [k.ref]}
        for i in q.distinct_on:
            e = q.items[i].expr
            if lead[i].style == 'alias' or is_a_const(e) or q.star:
                lead[i].style = 'pos'
        rest = [k for k in q.order if not (isinstance(k.ref, int) and k.ref in q.distinct_on)]
        q.order = [lead[i] for i in q.distinct_on] + rest
        return q

    def new_query(self):
        k = self.r.random()
        if k < 0.3:
            saved, self.sub_p = self.sub_p, 0.25
            try:
                return self.make_query()
            finally:
                self.sub_p = saved
        if k < 0.5:
            return self.from_subquery_query()
        if k < 0.65:
            return self.with_query()
        if k < 0.85:
            return self.setop_query()
        return self.distinct_on_query()


GEN_KINDS = ('base', 'numeric', 'datetime')


def make_case(seed, num, kinds=('base',)):
    """Case num of seed: kinds (from --types) take turns by case number; 'base' is this file's
    generator, the others live in gen_types.py."""
    kind = kinds[num % len(kinds)]
    if kind == 'base':
        return CaseGen(seed, num).generate()
    import gen_types
    return gen_types.make_case(kind, seed, num)


# ------------------------------------------------------------------------------ running

PREFIX_RE = re.compile(r'^(?:psql|sunstone):.*?:\d+: ', re.M)
MARK_RE = re.compile(r'^@@(\S+)$')
HOUSEKEEPING = 'DROP TABLE IF EXISTS t1, t2, t3;'


def normalize(text):
    return PREFIX_RE.sub('', text)


def build_script(segments):
    """segments: list of (tag, sql). Returns script text."""
    out = []
    for tag, sql in segments:
        out.append('\\echo @@%s' % tag)
        out.append(sql)
    out.append('\\echo @@END')
    return '\n'.join(out) + '\n'


def split_output(text):
    """Returns (dict tag -> output, ordered list of tags seen)."""
    res, order, cur, buf = {}, [], None, []
    for line in text.split('\n'):
        m = MARK_RE.match(line)
        if m:
            if cur is not None:
                res[cur] = '\n'.join(buf)
            cur, buf = m.group(1), []
            order.append(cur)
        elif cur is not None:
            buf.append(line)
        # output before the first marker is dropped (there is none normally)
    if cur is not None:
        res[cur] = '\n'.join(buf)
    return res, order


class Runner:
    def __init__(self, args, workdir):
        self.sunstone = args.sunstone
        self.psql = args.psql
        self.workdir = workdir
        self.timeout = args.timeout
        self.db = 'difftest_%d' % os.getpid()
        self.env = dict(os.environ)
        self.env['PGCLIENTENCODING'] = 'UTF8'
        self.env['PGOPTIONS'] = ('-c extra_float_digits=1 -c client_min_messages=notice '
                                 '-c statement_timeout=%d' % (self.timeout * 1000))
        self.env.pop('PGDATABASE', None)
        self.env['LC_ALL'] = 'C.UTF-8'
        self.env.pop('PSQLRC', None)
        self.nrun = 0
        self.created = False

    def admin(self, sql):
        return subprocess.run([self.psql, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres', '-c', sql],
                              env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, errors='replace')

    def create_db(self):
        self.admin('DROP DATABASE IF EXISTS %s' % self.db)
        p = self.admin("CREATE DATABASE %s TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' "
                       "LC_CTYPE 'C.UTF-8'" % self.db)
        if p.returncode != 0:
            p = self.admin("CREATE DATABASE %s TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' "
                           "LC_CTYPE 'C'" % self.db)
        if p.returncode != 0:
            sys.exit('difftest: cannot create scratch database %s:\n%s' % (self.db, p.stdout))
        self.created = True

    def drop_db(self):
        if self.created:
            self.admin('DROP DATABASE IF EXISTS %s' % self.db)
            self.created = False

    def _run(self, argv, timeout):
        self.nrun += 1
        for attempt in range(20):
            try:
                p = subprocess.run(argv, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=timeout, cwd=self.workdir)
                return p.returncode, p.stdout.decode('utf-8', 'replace'), False
            except subprocess.TimeoutExpired as e:
                out = e.stdout or b''
                return None, out.decode('utf-8', 'replace'), True
            except OSError as e:
                # e.g. the binary is being relinked by a concurrent build: wait and retry
                if attempt == 19:
                    sys.exit('difftest: cannot run %s: %s' % (argv[0], e))
                time.sleep(3)

    def run(self, script_text, name='script.sql', timeout=None):
        """Runs the script through both engines. Returns dict with pg/ss (rc, text, timed_out)."""
        path = os.path.join(self.workdir, name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(script_text)
        t = timeout or self.timeout
        pg = self._run([self.psql, '-X', '-q', '-v', 'ON_ERROR_STOP=0', '-d', self.db, '-f', name], t * 4)
        ss = self._run([self.sunstone, '-X', '-q', '-f', name], t)
        return pg, ss


# ------------------------------------------------------------------------------ comparing

SKIP_RE = re.compile(r'^ERROR:  (feature not supported.*|.* is not supported.*|.* are not supported.*|'
                     r'.* does not support .*|the memory backend .*)$', re.M)


def error_lines(text):
    return [l for l in text.split('\n') if l.startswith('ERROR:')]


def table_cells(text):
    """Rows of stripped cells, ignoring the ---+--- rule line (widths may legitimately differ
    in benign comparisons)."""
    rows = []
    for l in text.split('\n'):
        if l and set(l) <= set('-+'):
            continue
        rows.append([c.strip() for c in l.split('|')])
    return rows


def float_close(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x == y:
        return True
    if x != x or y != y or x in (float('inf'), float('-inf')) or y in (float('inf'), float('-inf')):
        return False
    return abs(x - y) <= 1e-9 * max(abs(x), abs(y))


NUMERIC_TEXT_RE = re.compile(r'^(-?)(\d*)\.(\d*?)0*$')


def canon_number(c):
    """-0 and 0, 1.0 and 1.00: the same number (numeric equality ignores the display scale)."""
    m = NUMERIC_TEXT_RE.match(c)
    if m:
        c = m.group(1) + (m.group(2) or '0') + ('.' + m.group(3) if m.group(3) else '')
    return '0' if c == '-0' else c


def benign(stmt_sql, pg, ss, exact=False):
    """Returns a benign-difference label or None.  exact: the statement has no float value, so
    sums and averages are exact (numeric) and no tolerance applies."""
    if error_lines(pg) or error_lines(ss):
        return None
    a, b = table_cells(pg), table_cells(ss)
    if len(a) != len(b) or any(len(x) != len(y) for x, y in zip(a, b)):
        return None
    low = stmt_sql.lower()
    # float sums/averages: the last bits may depend on the summation order
    # (two texts of one float value, such as 1.50 and 1.5, are a formatting difference)
    if not exact and ('sum(' in low or 'avg(' in low):
        if all(c == d or float_close(c, d) and float(c) != float(d)
               for x, y in zip(a, b) for c, d in zip(x, y)):
            return 'float-tolerance'
    # -0 and 0, or 1.0 and 1.00, are equal: ties in ORDER BY, and which one GROUP BY /
    # DISTINCT / min / max keep
    def nz(rows):
        return [[canon_number(c) for c in r] for r in rows]
    if nz(a) == nz(b):
        zero = all(canon_number(c) == c or c == '-0' for r in a + b for c in r)
        if sorted(map(tuple, a)) == sorted(map(tuple, b)):
            return 'negzero-order' if zero else 'equal-numbers-order'
        if any(k in low for k in ('group by', 'distinct', 'min(', 'max(')):
            return 'negzero-representative' if zero else 'equal-numbers-representative'
    return None


def split_result(text):
    """-> (header cells, data rows as stripped cells) of a successful query's output."""
    rows = table_cells(text)
    return (rows[0] if rows else []), rows[1:]


def result_diff(pg, ss):
    """For two successful outputs: ('diff-header', 'pgname->ssname, ...') when only column
    names differ, else ('diff-result', short description of the first difference)."""
    ph, pr = split_result(pg)
    sh, sr = split_result(ss)
    if pr == sr:
        pairs = ['%s->%s' % (a, b) for a, b in zip(ph, sh) if a != b]
        if len(ph) != len(sh):
            pairs.append('%d->%d columns' % (len(ph), len(sh)))
        return 'diff-header', ', '.join(pairs)
    if len(pr) != len(sr):
        return 'diff-result', 'row count %d->%d' % (len(pr), len(sr))
    for a, b in zip(pr, sr):
        if a != b:
            for c, d in zip(a, b):
                if c != d:
                    return 'diff-result', 'value %s->%s' % (c[:20], d[:20])
            return 'diff-result', 'row width'
    return 'diff-result', 'layout'


def classify(stmt_sql, pg, ss, exact=False):
    """-> (status, category, detail). status: ok | skip | benign | mismatch."""
    if pg == ss:
        return 'ok', None, None
    m = SKIP_RE.search(ss)
    if m:
        return 'skip', None, m.group(1)
    b = benign(stmt_sql, pg, ss, exact)
    if b:
        return 'benign', b, None
    pe, se = error_lines(pg), error_lines(ss)
    if pe and se:
        return 'mismatch', ('diff-error' if pe != se else 'diff-error-context'), None
    if se:
        return 'mismatch', 'sunstone-error-only', None
    if pe:
        return 'mismatch', 'pg-error-only', None
    c, detail = result_diff(pg, ss)
    return 'mismatch', c, detail


MASK_RE = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|\b\d+(?:\.\d+)?(?:e[-+]?\d+)?\b")


def mask(s):
    return MASK_RE.sub('?', s)


def value_class(v):
    if v in ('-0', '0', 'NaN', 'Infinity', '-Infinity', 't', 'f', ''):
        return v if v else '(null)'
    try:
        float(v)
        return '<number>'
    except ValueError:
        return '<text>'


def value_class_sig(detail):
    """Groups diff-result details: 'value 0->-0' stays, other values become their class."""
    m = re.match(r'^value (.*)->(.*)$', detail or '')
    if m:
        return 'value %s->%s' % (value_class(m.group(1)), value_class(m.group(2)))
    return mask(detail or '')


def first_error(text):
    e = error_lines(text)
    return e[0] if e else None


# ------------------------------------------------------------------------------ executing cases

class Result:
    def __init__(self):
        self.cases = 0
        self.stmts = 0
        self.status = collections.Counter()
        self.skip_reasons = collections.Counter()
        self.benign = collections.Counter()
        self.mismatches = []   # dicts
        self.crashes = []      # dicts
        self.not_run = 0


def case_segments(case):
    segs = [('h%d' % case.num, HOUSEKEEPING)]
    for i, s in enumerate(case.stmts):
        segs.append(('c%ds%d' % (case.num, i), s.sql()))
    return segs


def crashed(rc, out, timed_out):
    return timed_out or rc is None or rc != 0 or '@@END' not in out.split('\n')


def evaluate_case(case, pgout, ssout, res, crash_tag=None):
    """Compares one case's statements given the split outputs; fills res."""
    tainted = None
    for i, s in enumerate(case.stmts):
        tag = 'c%ds%d' % (case.num, i)
        if crash_tag is not None and tag not in ssout:
            res.not_run += 1
            continue
        res.stmts += 1
        if tag == crash_tag:
            res.status['crash'] += 1
            continue
        sql = s.sql()
        p, q = normalize(pgout.get(tag, '<missing>')), normalize(ssout.get(tag, '<missing>'))
        if tainted:
            res.status['skip'] += 1
            res.skip_reasons['(state diverged earlier: %s)' % tainted] += 1
            continue
        st, c, detail = classify(sql, p, q, getattr(s, 'exact', False))
        res.status[st] += 1
        if st == 'skip':
            res.skip_reasons[mask(detail)[:120]] += 1
            if s.kind == 'setup':
                tainted = 'skipped setup statement'
        elif st == 'benign':
            res.benign[c] += 1
        elif st == 'mismatch':
            res.mismatches.append({'case': case, 'idx': i, 'category': c, 'detail': detail,
                                   'pg': p, 'ss': q})
            if s.kind == 'setup':
                tainted = 'mismatched setup statement'


def run_cases(runner, cases, res, log):
    """Runs a list of cases as one batch; on a Sunstone crash or hang, records it and re-runs
    the rest of the batch."""
    pending = list(cases)
    while pending:
        segs = []
        for c in pending:
            segs += case_segments(c)
        pg, ss = runner.run(build_script(segs), 'batch.sql',
                            timeout=runner.timeout * max(1, len(pending) // 10))
        pgout, _ = split_output(pg[1])
        if 'END' not in pgout:
            log('psql did not finish the batch (rc=%s): %s' % (pg[0], pg[1][-500:]))
        ssout, ssorder = split_output(ss[1])
        if not crashed(*ss):
            for c in pending:
                res.cases += 1
                evaluate_case(c, pgout, ssout, res)
            return
        if ss[2] and len(pending) > 1:
            # a hang somewhere: run the cases one by one so that it is attributed properly
            for c in pending:
                run_cases(runner, [c], res, log)
            return
        last = ssorder[-1] if ssorder else 'h%d' % pending[0].num
        if last == 'END':
            for c in pending:
                res.cases += 1
                evaluate_case(c, pgout, ssout, res)
            log('sunstone exited with rc=%s after finishing the batch' % ss[0])
            return
        m = re.match(r'^[hc](\d+)(?:s(\d+))?$', last)
        k = next((i for i, c in enumerate(pending) if m and c.num == int(m.group(1))), None)
        if k is None:   # output we cannot place: blame the first case
            k, idx = 0, -1
        else:
            idx = int(m.group(2)) if m.group(2) is not None else -1
        num = pending[k].num
        for c in pending[:k]:
            res.cases += 1
            evaluate_case(c, pgout, ssout, res)
        crash_case = pending[k]
        res.cases += 1
        tag = 'c%ds%d' % (num, max(idx, 0))
        evaluate_case(crash_case, pgout, ssout, res, crash_tag=tag)
        res.crashes.append({'case': crash_case, 'idx': max(idx, 0), 'rc': ss[0], 'timed_out': ss[2],
                            'pg': normalize(pgout.get(last, '')),
                            'tail': normalize(ssout.get(last, ss[1]))[-3000:]})
        log('CRASH: case %d statement %d (rc=%s%s): %s' % (
            num, idx, ss[0], ', timeout' if ss[2] else '',
            crash_case.stmts[max(idx, 0)].sql()[:200]))
        pending = pending[k + 1:]


# ------------------------------------------------------------------------------ minimizing

class Minimizer:
    def __init__(self, runner, budget):
        self.runner = runner
        self.budget = budget

    def outcome(self, stmts, strict_setup=True):
        """Runs a stand-alone script; returns (setup_ok, target (pg, ss, status, category,
        detail), crash).  With strict_setup, every statement but the last must behave the same
        on both sides (for crashes it is enough that Sunstone gets to the last one)."""
        segs = [('H', HOUSEKEEPING)] + [('s%d' % i, s.sql()) for i, s in enumerate(stmts)]
        pg, ss = self.runner.run(build_script(segs), 'min.sql')
        self.used += 1
        pgout, _ = split_output(pg[1])
        ssout, ssorder = split_output(ss[1])
        crash = crashed(*ss)
        n = len(stmts) - 1
        for i in range(n):
            t = 's%d' % i
            if t not in ssout:
                return False, None, crash
            p, q = normalize(pgout.get(t, '')), normalize(ssout.get(t, ''))
            st, _, _ = classify(stmts[i].sql(), p, q, getattr(stmts[i], 'exact', False))
            if strict_setup and st not in ('ok', 'benign'):
                return False, None, crash
        t = 's%d' % n
        if crash:
            last = ssorder[-1] if ssorder else None
            tail = normalize(ssout.get(t, ss[1]))
            if ss[2]:
                tail += '\n(timed out)'
            return True, (normalize(pgout.get(t, '')), tail, 'crash',
                          'crash' if last == t else 'crash-elsewhere', None), crash
        p, q = normalize(pgout.get(t, '')), normalize(ssout.get(t, ''))
        st, c, detail = classify(stmts[n].sql(), p, q, getattr(stmts[n], 'exact', False))
        return True, (p, q, st, c, detail), crash

    def same(self, stmts, want):
        if self.used >= self.budget:
            return False
        ok, tgt, crash = self.outcome(stmts, want['category'] != 'crash')
        if not ok or tgt is None:
            return False
        p, q, st, c, detail = tgt
        if want['category'] == 'crash':
            # keep the statement meaningful: if PostgreSQL ran it without error, it still must
            return c == 'crash' and (want['pgerr'] is not None or first_error(p) is None)
        if st != 'mismatch' or c != want['category']:
            return False
        if c in ('sunstone-error-only', 'diff-error', 'diff-error-context') and first_error(q) != want['sserr']:
            return False
        if c in ('pg-error-only', 'diff-error', 'diff-error-context') and first_error(p) != want['pgerr']:
            return False
        if c == 'diff-header' and detail != want['detail']:
            return False
        if c == 'diff-result' and detail.split()[0] != want['detail'].split()[0]:
            return False
        return True

    def minimize(self, case, idx, category, pg, ss, detail=None):
        self.used = 0
        want = {'category': category, 'sserr': first_error(ss), 'pgerr': first_error(pg), 'detail': detail}
        target = case.stmts[idx]
        setup = [s for s in case.stmts[:idx] if s.kind == 'setup']
        stmts = setup + [target]
        if not self.same(stmts, want):
            stmts = case.stmts[:idx + 1]
            if not self.same(stmts, want):
                return case.stmts[:idx + 1], False
        progress = True
        while progress and self.used < self.budget:
            progress = False
            # 1. drop whole statements
            i = len(stmts) - 2
            while i >= 0:
                cand = stmts[:i] + stmts[i + 1:]
                if self.same(cand, want):
                    stmts, progress = cand, True
                i -= 1
            # 2. drop rows of INSERT ... VALUES
            for i, s in enumerate(stmts[:-1]):
                if isinstance(s, Insert) and s.rows:
                    rows = list(s.rows)
                    chunk = max(1, len(rows) // 2)
                    while chunk >= 1:
                        j = 0
                        while j < len(rows):
                            cr = rows[:j] + rows[j + chunk:]
                            cand = stmts[:i] + [Insert(s.table, s.collist, cr)] + stmts[i + 1:]
                            if self.same(cand, want):
                                rows, stmts, progress = cr, cand, True
                            else:
                                j += chunk
                        chunk //= 2
            # 3. drop columns of tables
            for ci, s in enumerate(stmts):
                if not isinstance(s, CreateTable) or len(s.cols) <= 1:
                    continue
                for col in list(s.cols):
                    cand = self.without_column(stmts, s.name, col.name)
                    if cand and self.same(cand, want):
                        stmts, progress = cand, True
                        s = next(x for x in stmts if isinstance(x, CreateTable) and x.name == s.name)
            # 4. simplify queries (target and INSERT ... SELECT sources)
            for i, s in enumerate(stmts):
                q = s if isinstance(s, Query) else s.query if isinstance(s, InsertSelect) else None
                if q is None:
                    continue
                for cq in self.query_variants(q, isinstance(s, InsertSelect)):
                    ns = cq if isinstance(s, Query) else InsertSelect(s.table, s.collist, cq)
                    cand = stmts[:i] + [ns] + stmts[i + 1:]
                    if self.same(cand, want):
                        stmts, progress = cand, True
                        break
            # 5. simplify literal values in rows
            for i, s in enumerate(stmts[:-1]):
                if isinstance(s, Insert):
                    for r_ in range(len(s.rows)):
                        for v in range(len(s.rows[r_])):
                            if s.rows[r_][v] in ('NULL', '0', "''", 'true', '1'):
                                continue
                            for simple in ('NULL', '1', "'a'"):
                                rows = [list(x) for x in s.rows]
                                rows[r_][v] = simple
                                cand = stmts[:i] + [Insert(s.table, s.collist, rows)] + stmts[i + 1:]
                                if self.same(cand, want):
                                    stmts, progress = cand, True
                                    s = cand[i]
                                    break
        return stmts, True

    def error_order_note(self, stmts, pg, ss, budget=40):
        """For two different errors: when removing one row, one INSERT or one select item makes
        PostgreSQL
        raise Sunstone's error, both errors are possible outcomes of one statement and only the
        evaluation order differs (PostgreSQL does not define it).  Returns a note or None."""
        sserr = first_error(ss)
        if not sserr or not first_error(pg):
            return None
        variants = []
        for i, s in enumerate(stmts[:-1]):
            if isinstance(s, Insert):
                variants.append(('without statement %d' % (i + 1), stmts[:i] + stmts[i + 1:]))
            if isinstance(s, Insert) and len(s.rows) > 1:
                for r_ in range(len(s.rows)):
                    variants.append(('without row %d of statement %d' % (r_ + 1, i + 1),
                                     stmts[:i] + [Insert(s.table, s.collist, s.rows[:r_] + s.rows[r_ + 1:])]
                                     + stmts[i + 1:]))
        q = stmts[-1]
        if isinstance(q, Query) and not q.star:
            for j in range(len(q.items)):
                v = self.drop_item(q, j)
                if v is not None:
                    variants.append(('without select item %d' % (j + 1), stmts[:-1] + [v]))
            for attr in ('where', 'having'):
                if getattr(q, attr) is not None:
                    v = q.copy()
                    setattr(v, attr, None)
                    variants.append(('without %s' % attr.upper(), stmts[:-1] + [v]))
        for what, cand in variants[:budget]:
            ok, tgt, _ = self.outcome(cand)
            if ok and tgt is not None and first_error(tgt[0]) == sserr:
                return ('PostgreSQL raises Sunstone\'s error too, %s: both errors are possible, '
                        'only the evaluation order differs (probably not a bug)' % what)
        return None

    def without_column(self, stmts, table, col):
        ct = next(s for s in stmts if isinstance(s, CreateTable) and s.name == table)
        pos = [c.name for c in ct.cols].index(col)
        out = []
        for s in stmts:
            if isinstance(s, CreateTable) and s.name == table:
                out.append(CreateTable(table, [c for c in s.cols if c.name != col]))
            elif isinstance(s, Insert) and s.table == table:
                if s.collist is None:
                    out.append(Insert(table, None, [r[:pos] + r[pos + 1:] for r in s.rows]))
                elif col in s.collist:
                    j = s.collist.index(col)
                    if len(s.collist) == 1:
                        return None
                    out.append(Insert(table, s.collist[:j] + s.collist[j + 1:],
                                      [r[:j] + r[j + 1:] for r in s.rows]))
                else:
                    out.append(s)
            elif isinstance(s, InsertSelect) and s.table == table and s.collist is None:
                q = s.query.copy()
                if pos >= len(q.items):
                    return None
                q = self.drop_item(q, pos)
                if q is None:
                    return None
                out.append(InsertSelect(table, None, q))
            else:
                out.append(s)
        return out

    @staticmethod
    def drop_item(q, i):
        if len(q.items) <= 1 or q.distinct_on and i in q.distinct_on:
            return None
        q = q.copy()
        if q.distinct_on:
            q.distinct_on = [j - 1 if j > i else j for j in q.distinct_on]
        gone = q.items[i]
        del q.items[i]
        q.order = [k for k in q.order if k.ref != i or not isinstance(k.ref, int)]
        for k in q.order:
            if isinstance(k.ref, int) and k.ref > i:
                k.ref -= 1
        if q.group is not None:
            for k in q.group:
                if isinstance(k.ref, int):
                    if k.ref == i:
                        k.ref, k.style = gone.expr, 'expr'
                    elif k.ref > i:
                        k.ref -= 1
        return q

    def query_variants(self, q, keep_width):
        """Simpler variants of q, most aggressive first."""
        if not keep_width and not q.star:
            for i in range(len(q.items)):
                v = self.drop_item(q, i)
                if v is not None:
                    yield v
        for attr in ('where', 'having', 'limit', 'offset'):
            if getattr(q, attr) is not None:
                v = q.copy()
                setattr(v, attr, None)
                yield v
        if q.distinct:
            v = q.copy()
            v.distinct = False
            yield v
        if q.distinct_on:
            v = q.copy()
            v.distinct_on = None
            yield v
        if q.alias:
            v = q.copy()
            v.alias = None
            yield v
        for j, k in enumerate(q.order):
            if not isinstance(k.ref, int):
                v = q.copy()
                del v.order[j]
                yield v
            elif k.desc is not False or k.nulls or k.style != 'pos':
                v = q.copy()
                v.order[j] = Key(k.ref, 'pos', False, None)
                yield v
        if q.group is not None:
            for j, k in enumerate(q.group):
                if isinstance(k.ref, int) and k.style != 'pos':
                    v = q.copy()
                    v.group[j] = Key(k.ref, 'pos')
                    yield v
        for i, it in enumerate(q.items):
            if it.alias:
                v = q.copy()
                v.items[i] = Item(it.expr, None)
                yield v
        # expression simplification in every slot
        slots = []
        if not q.star:
            for i, it in enumerate(q.items):
                slots.append(('item', i, it.expr))
        if q.where is not None:
            slots.append(('where', None, q.where))
        if q.having is not None:
            slots.append(('having', None, q.having))
        for j, k in enumerate(q.order):
            if not isinstance(k.ref, int):
                slots.append(('order', j, k.ref))
        if q.group:
            for j, k in enumerate(q.group):
                if not isinstance(k.ref, int):
                    slots.append(('group', j, k.ref))
        for kind, j, e in slots:
            for path, node in e.nodes():
                for rep in self.replacements(node):
                    ne = e.replaced(path, rep)
                    v = q.copy()
                    if kind == 'item':
                        v.items[j] = Item(ne, v.items[j].alias)
                    elif kind == 'where':
                        v.where = ne
                    elif kind == 'having':
                        v.having = ne
                    elif kind == 'order':
                        v.order[j] = Key(ne, 'expr', v.order[j].desc, v.order[j].nulls)
                    else:
                        v.group[j] = Key(ne)
                    yield v

    @staticmethod
    def replacements(node):
        c = cat(node.t)
        for a in node.args:
            if cat(a.t) == c or c == 'any':
                yield a
        if node.args or node.agg:
            simple = {'int': '1', 'float': '1.5::float8', 'text': "'a'", 'bool': 'true'}.get(c)
            if simple and node.sql() != simple:
                yield lit(node.t, simple)
            if node.sql() != 'NULL':
                yield lit(node.t, 'NULL')


# ------------------------------------------------------------------------------ reporting

def script_of(stmts):
    return '\n'.join(s.sql() for s in stmts) + '\n'


def indent(text):
    return '\n'.join('    ' + l for l in text.rstrip('\n').split('\n')) if text.strip() else '    (no output)'


def write_report(outdir, n, kind, item, stmts, minimized, pg, ss, seed):
    case = item['case']
    name = '%s-%04d' % (kind, n)
    sql = script_of(stmts)
    with open(os.path.join(outdir, name + '.sql'), 'w', encoding='utf-8') as f:
        f.write(sql)
    with open(os.path.join(outdir, name + '.txt'), 'w', encoding='utf-8') as f:
        f.write('%s %d: %s%s\n' % (kind, n, item.get('category', 'hang (timed out)' if item.get('timed_out')
                                                          else 'crash'),
                                   ' (%s)' % item['detail'] if item.get('detail') else ''))
        f.write('case: --seed %s --case %d, statement %d\n' % (seed, case.num, item['idx']))
        f.write('statement: %s\n\n' % case.stmts[item['idx']].sql())
        f.write('%s script (%s):\n%s\n\n' % ('minimized' if minimized else 'unminimized', name + '.sql',
                                             indent(sql)))
        f.write('PostgreSQL output (last statement):\n%s\n\n' % indent(pg))
        f.write('Sunstone output (last statement):\n%s\n' % indent(ss))
        if item.get('note'):
            f.write('\nnote: %s\n' % item['note'])
        if 'rc' in item:
            f.write('\nSunstone exit code: %s%s\n' % (item['rc'], ' (timed out)' if item.get('timed_out') else ''))
    return name


def main():
    ap = argparse.ArgumentParser(description='Differential tester: PostgreSQL (psql) vs Sunstone.')
    ap.add_argument('--seed', default='1', help='seed; every case is a function of (seed, case number)')
    ap.add_argument('--cases', type=int, default=200, help='number of cases to run (default 200)')
    ap.add_argument('--first', type=int, default=0, help='number of the first case (default 0)')
    ap.add_argument('--case', type=int, help='run only this case number')
    ap.add_argument('--show', action='store_true', help='print the script of the case(s) and exit')
    ap.add_argument('--out', default='difftest-out', help='directory for reports (default ./difftest-out)')
    ap.add_argument('--sunstone', default=DEFAULT_SUNSTONE, help='sunstone shell (default build/sunstone)')
    ap.add_argument('--psql', default='psql', help='psql binary (connection from PG* variables)')
    ap.add_argument('--batch', type=int, default=40, help='cases per engine invocation (default 40)')
    ap.add_argument('--timeout', type=int, default=20, help='seconds per statement batch unit (default 20)')
    ap.add_argument('--time-limit', type=float, default=0, help='stop starting new batches after this many seconds')
    ap.add_argument('--minimize', type=int, default=60, help='minimize at most this many mismatches (default 60)')
    ap.add_argument('--per-signature', type=int, default=3,
                    help='minimize at most this many mismatches per error signature (default 3)')
    ap.add_argument('--budget', type=int, default=400, help='engine runs per minimization (default 400)')
    ap.add_argument('--keep-work', action='store_true', help='keep the scratch directory')
    ap.add_argument('--types', default='base',
                    help='generators, comma-separated, taking turns by case number: base (default), '
                         'numeric, datetime (see gen_types.py)')
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()
    kinds = tuple(k.strip() for k in args.types.split(',') if k.strip())
    if not kinds or any(k not in GEN_KINDS for k in kinds):
        ap.error('--types: choose from %s' % ', '.join(GEN_KINDS))

    nums = [args.case] if args.case is not None else list(range(args.first, args.first + args.cases))
    if args.show:
        for n in nums:
            sys.stdout.write('-- case %d (seed %s)\n%s' % (n, args.seed, make_case(args.seed, n, kinds).script()))
        return 0
    if not os.access(args.sunstone, os.X_OK):
        sys.exit('difftest: %s is not executable (build first: cmake --build build -j2)' % args.sunstone)

    os.makedirs(args.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix='difftest_')
    runner = Runner(args, workdir)
    t0 = time.time()

    def log(msg):
        sys.stderr.write('[%6.1fs] %s\n' % (time.time() - t0, msg))
        sys.stderr.flush()

    def binary_stamp():
        try:
            st = os.stat(args.sunstone)
            return (st.st_mtime_ns, st.st_size)
        except OSError:
            return None
    stamp = binary_stamp()
    res = Result()
    runner.create_db()
    try:
        for b in range(0, len(nums), args.batch):
            if args.time_limit and time.time() - t0 > args.time_limit:
                log('time limit reached after %d cases' % res.cases)
                break
            cases = [make_case(args.seed, n, kinds) for n in nums[b:b + args.batch]]
            run_cases(runner, cases, res, log)
            log('%d cases, %d statements: %d ok, %d skipped, %d benign, %d mismatches, %d crashes' % (
                res.cases, res.stmts, res.status['ok'], res.status['skip'], res.status['benign'],
                res.status['mismatch'], len(res.crashes)))

        # ---- minimize and report
        mini = Minimizer(runner, args.budget)
        reports = []
        seen_sig = collections.Counter()
        seen_min = {}
        pending = [('crash', c) for c in res.crashes] + [('mismatch', m) for m in res.mismatches]
        nmin = 0
        for kind, item in pending:
            case, idx = item['case'], item['idx']
            if kind == 'crash':
                sig = ('crash', mask(case.stmts[idx].sql()))
                tag = 'c%ds%d' % (case.num, idx)
                cat_, pg, ss = 'crash', item.get('pg', ''), item['tail']
            else:
                cat_, pg, ss = item['category'], item['pg'], item['ss']
                if cat_ in ('diff-result', 'diff-header'):
                    sig = (cat_, item['detail'] if cat_ == 'diff-header' else value_class_sig(item['detail']))
                else:
                    sig = (cat_, mask(first_error(pg) or ''), mask(first_error(ss) or ''))
            item['presig'] = sig
            seen_sig[sig] += 1
            limit = args.per_signature if kind != 'crash' else max(args.per_signature, 5)
            if seen_sig[sig] > limit or nmin >= args.minimize + (len(res.crashes) if kind == 'crash' else 0):
                item['report'] = None
                continue
            nmin += 1
            mini.budget = min(args.budget, 30) if item.get('timed_out') else args.budget
            stmts, ok = mini.minimize(case, idx, cat_, pg, ss, item.get('detail'))
            _, tgt, _ = mini.outcome(stmts, cat_ != 'crash')
            if tgt is not None and tgt[2] in ('mismatch', 'crash'):
                pg2, ss2 = tgt[0], tgt[1]
            else:
                pg2, ss2 = pg, ss
            if cat_ == 'diff-error':
                item['note'] = mini.error_order_note(stmts, pg2, ss2)
            key = script_of(stmts)
            if key in seen_min:
                item['report'] = seen_min[key]
                continue
            name = write_report(args.out, len(reports) + 1, kind, item, stmts, ok, pg2, ss2, args.seed)
            item['report'] = name
            item['min_sql'] = stmts[-1].sql()
            seen_min[key] = name
            reports.append((name, cat_ + (' (order?)' if item.get('note') else ''), stmts[-1].sql()))
            log('%s: %s (%s, %d runs)' % (name, cat_, stmts[-1].sql()[:100], mini.used))

        # ---- summary
        lines = []
        lines.append('difftest --seed %s: %d cases, %d statements (%.0fs)' % (
            args.seed, res.cases, res.stmts, time.time() - t0))
        lines.append('  ok %d, skipped %d, benign %d, mismatched %d, crashed %d, not run (after a crash) %d' % (
            res.status['ok'], res.status['skip'], res.status['benign'], res.status['mismatch'],
            res.status['crash'], res.not_run))
        lines.append('  cases with at least one mismatch: %d' % len({m['case'].num for m in res.mismatches}))
        if res.benign:
            lines.append('benign differences (not counted as mismatches):')
            for k, v in res.benign.most_common():
                lines.append('  %6d  %s' % (v, k))
        lines.append('skip reasons (Sunstone 0A000):')
        for k, v in res.skip_reasons.most_common(25):
            lines.append('  %6d  %s' % (v, k))
        lines.append('crashes: %d' % len(res.crashes))
        for c in res.crashes:
            lines.append('  case %d stmt %d %s -> %s  %s' % (
                c['case'].num, c['idx'], 'timed out' if c['timed_out'] else 'rc=%s' % c['rc'],
                c.get('report'), c.get('min_sql') or c['case'].stmts[c['idx']].sql()[:120]))
        lines.append('mismatches by category:')
        for k, v in collections.Counter(m['category'] for m in res.mismatches).most_common():
            lines.append('  %6d  %s' % (v, k))
        lines.append('mismatch signatures (count, example report):')
        bysig = collections.OrderedDict()
        for m in res.mismatches:
            bysig.setdefault(m['presig'], []).append(m)
        for sig, ms in sorted(bysig.items(), key=lambda kv: -len(kv[1])):
            rep = next((m['report'] for m in ms if m.get('report')), None)
            lines.append('  %5d  %s  [%s]' % (len(ms), ' | '.join(sig)[:160], rep or 'not minimized'))
        if binary_stamp() != stamp:
            lines.append('WARNING: %s changed during the run (rebuilt?); results may mix two builds'
                         % args.sunstone)
        lines.append('reports: %d written to %s' % (len(reports), os.path.abspath(args.out)))
        for name, c, sql in reports:
            lines.append('  %s  %-20s %s' % (name, c, sql[:140]))
        text = '\n'.join(lines) + '\n'
        with open(os.path.join(args.out, 'summary.txt'), 'w', encoding='utf-8') as f:
            f.write(text)
        with open(os.path.join(args.out, 'summary.json'), 'w', encoding='utf-8') as f:
            json.dump({'seed': args.seed, 'cases': res.cases, 'statements': res.stmts,
                       'status': dict(res.status), 'not_run': res.not_run,
                       'benign': dict(res.benign), 'skip_reasons': dict(res.skip_reasons),
                       'crashes': [{'case': c['case'].num, 'stmt': c['idx'], 'rc': c['rc'],
                                    'report': c.get('report')} for c in res.crashes],
                       'mismatches': [{'case': m['case'].num, 'stmt': m['idx'], 'category': m['category'],
                                       'detail': m.get('detail'),
                                       'sql': m['case'].stmts[m['idx']].sql(), 'report': m.get('report')}
                                      for m in res.mismatches]}, f, indent=1, ensure_ascii=False)
        sys.stdout.write(text)
        return 1 if res.mismatches or res.crashes else 0
    finally:
        runner.drop_db()
        if not args.keep_work:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == '__main__':
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # still drop the scratch database
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
