-- 0007_built_placements: an n-queens placement of n >= 10,000 that the
-- solver builds is kept in results.placement as the word built, and built
-- again, and checked, when read (a placement of n = 10^7 took 79 MB as
-- its columns). The tables are unchanged; the schema's number is raised so
-- that a binary that would read the word as a bad placement refuses the
-- cache as newer than itself, at once and naming both schemas, instead of
-- failing on the row halfway through a key.
-- Never edit this file once shipped: add 0008_name.sql instead.

SELECT 1;
