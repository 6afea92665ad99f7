-- 0004_subproblem_batches: the checkpoints of a long count kept a batch to a
-- row. 0002 kept one row per subproblem, and N = 17's 183,479 subproblems,
-- each written and then removed at about 4 µs a row, cost more than the
-- count itself.
-- Never edit this file once shipped: add 0005_name.sql instead.

-- The counts of finished subproblems of a long count that one checkpoint
-- (or one merge) wrote. counts lists runs separated by single spaces: a run
-- "i:c0,c1,..." gives subproblem i the count c0, i+1 the count c1, and so
-- on. A subproblem may stand in several batches (two runs counting one
-- key) with the same count; one with another count is refused when written.
CREATE TABLE subproblem_batches (
    id             INTEGER PRIMARY KEY,
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    first          INTEGER NOT NULL CHECK (first >= 0),  -- the smallest subproblem in counts
    last           INTEGER NOT NULL CHECK (last >= first), -- the largest
    size           INTEGER NOT NULL CHECK (size BETWEEN 1 AND last - first + 1), -- how many it counts
    counts         TEXT    NOT NULL CHECK (length(counts) >= 3 AND counts NOT GLOB '*[^0-9:, ]*')
) STRICT;

-- A checkpoint reads the batches its own range meets, those with last at or
-- above its first: a run goes forward, so those are the latest few.
CREATE INDEX subproblem_batches_by_last ON subproblem_batches (def_hash, solver_version, last, first);

-- Each key's rows of 0002 become one batch of one-subproblem runs.
INSERT INTO subproblem_batches (def_hash, solver_version, first, last, size, counts)
    SELECT def_hash, solver_version, min(i), max(i), count(*), group_concat(i || ':' || count, ' ')
    FROM subproblems GROUP BY def_hash, solver_version;

DROP TABLE subproblems;
