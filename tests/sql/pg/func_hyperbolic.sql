-- sinh cosh tanh asinh acosh atanh (float8)
SELECT sinh(1), cosh(1), tanh(1), asinh(1), acosh(2), atanh(0.5);
SELECT sinh(-0.5), cosh(0), tanh(-30), asinh(-2), acosh(1), atanh(-0.25);
SELECT sinh(1000), sinh(-1000), cosh(1000), tanh(1000), atanh(1), atanh(-1);
SELECT sinh('NaN'), cosh('Infinity'), tanh('-Infinity'), asinh('Infinity'), acosh('Infinity');
SELECT acosh(0.5);
SELECT atanh(1.5);
SELECT x, sinh(x)::numeric(20,10) FROM (VALUES (0.1), (2), (5)) t(x) ORDER BY x;
