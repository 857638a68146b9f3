-- multiranges and the range aggregates are not built yet: 0A000 naming the feature
SELECT range_agg(int4range(1,2));
SELECT range_intersect_agg(int4range(1,2));
SELECT '{[1,2)}'::int4multirange;
SELECT int4multirange(int4range(1,2));
CREATE TABLE rng8_mr (m nummultirange);
