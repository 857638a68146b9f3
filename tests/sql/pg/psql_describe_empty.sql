-- \df and \dT list user-defined functions and types: a database without any shows the
-- empty lists, as psql 15 prints them.
\df
\df+
\df foo*
\dT
\dT+
