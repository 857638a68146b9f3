-- Arrays of a catalog type (real): literals, constructors, subscripts, casts between element
-- types, operators, functions, unnest, array_agg, storage and ordering, all generic over the
-- element type's catalog entry.
SELECT '{1.5,2.25,NaN,-0}'::real[], ARRAY[1.5::real, 2], ('{1,2}'::real[])[2];
SELECT array_agg(x) FROM (VALUES (1.5::real), (NULL), (3)) v(x);
SELECT * FROM unnest('{3.5,1}'::real[]) u ORDER BY u;
SELECT '{1.5}'::real[] = '{1.5}'::real[], 1.5::real = ANY('{1.5,2}'::real[]), '{1,2}'::real[] @> '{2}';
SELECT '{1.5}'::real[]::float8[], '{1.5}'::float8[]::real[], '{1,2}'::int[]::real[], '{0.1}'::real[]::text;
CREATE TABLE fr (a real[]);
INSERT INTO fr VALUES ('{1,2}'), ('{0.5}'), (ARRAY[3::real]), ('{NaN}'), (NULL);
SELECT a FROM fr ORDER BY a;
SELECT a, count(*) FROM fr GROUP BY a ORDER BY a DESC;
\d fr
SELECT array_to_string('{1.5,2}'::real[], ';'), array_position('{1.5,2}'::real[], 2), array_append('{1}'::real[], 2.5::real);
SELECT '{1e39}'::real[];
DROP TABLE fr;
