-- Numeric functions PostgreSQL has that Sunstone does not compute in numeric yet: refused
-- with 0A000 rather than answered in float8 (whose digits would differ).
SELECT pow(9, 0.5);
SELECT power(2.0, 3);
SELECT 2.0 ^ 3;
SELECT sqrt(2.0);
SELECT exp(1.0);
SELECT ln(10.0);
SELECT log(100.0);
