-- 0002_judgements_subproblems_parts: judged submissions, the checkpoints of
-- long counts, and the parts of counts split over shards.
-- Never edit this file once shipped: add 0003_name.sql instead.

-- One judged submission, with the ground truth it was judged against, so
-- that regrade can judge it again after a problem is fixed.
CREATE TABLE judgements (
    set_name       TEXT    NOT NULL,
    team           TEXT    NOT NULL,
    problem_id     TEXT    NOT NULL,
    file           TEXT    NOT NULL,          -- relative to the submissions directory or manifest
    attempt        INTEGER NOT NULL,
    time_ms        INTEGER,                   -- from the contest start; NULL when untimed
    path           TEXT    NOT NULL,          -- absolute path of the answer when judged
    answer         BLOB,                      -- the answer's bytes when small enough; NULL otherwise
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    verdict        TEXT    NOT NULL CHECK (verdict IN ('AC', 'WA', 'PE', 'NO', 'JE')),
    message        TEXT    NOT NULL,
    team_message   TEXT    NOT NULL,
    judged_at      TEXT    NOT NULL,          -- UTC, RFC 3339 with nanoseconds
    PRIMARY KEY (set_name, team, problem_id, file)
) STRICT;

-- The plan of a long count: how many numbered subproblems it has.
CREATE TABLE plans (
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    total          INTEGER NOT NULL CHECK (total >= 0),
    PRIMARY KEY (def_hash, solver_version)
) STRICT;

-- The count of each finished subproblem of a long count: a checkpoint that
-- an interrupted run resumes from, and what a shard contributes to merge.
CREATE TABLE subproblems (
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    i              INTEGER NOT NULL CHECK (i >= 0),
    count          TEXT    NOT NULL CHECK (
                       length(count) BETWEEN 1 AND 20
                       AND count NOT GLOB '*[^0-9]*'
                       AND (count = '0' OR count NOT GLOB '0*')),
    PRIMARY KEY (def_hash, solver_version, i)
) STRICT, WITHOUT ROWID;

-- A slice of a long count that solve --shard counted into this file.
CREATE TABLE parts (
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    definition     TEXT    NOT NULL,
    kind           TEXT    NOT NULL,
    ask            TEXT    NOT NULL,
    n              INTEGER NOT NULL,
    shard_i        INTEGER NOT NULL CHECK (shard_i >= 0 AND shard_i < shard_k),
    shard_k        INTEGER NOT NULL CHECK (shard_k >= 1),
    total          INTEGER NOT NULL CHECK (total >= 0),
    done           INTEGER NOT NULL CHECK (done IN (0, 1)),
    PRIMARY KEY (def_hash, solver_version, shard_i, shard_k)
) STRICT;
