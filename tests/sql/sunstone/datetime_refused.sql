-- date/time features Sunstone refuses (0A000, named) rather than answer differently from
-- PostgreSQL: to_date / to_timestamp parsing with a template.
SELECT to_date('05 Jan 2024', 'DD Mon YYYY');
SELECT to_timestamp('2024-01-05 10:11', 'YYYY-MM-DD HH24:MI');
