-- 0006_runs: the long counts in progress. Two runs of solve on one cache
-- (two users of a judge host, a batch started twice) both counted the same
-- problem, an hour each at n = 21; show of a count in progress said it had
-- never been solved, and doctor called it interrupted. A run now records
-- itself here while it counts, says it is alive every RunBeat, and removes
-- its row when it ends; a row whose process is gone (kill -9, a power cut)
-- is ignored and replaced by the next run.
-- Never edit this file once shipped: add 0007_name.sql instead.

CREATE TABLE runs (
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    shard_i        INTEGER NOT NULL CHECK (shard_i >= 0),
    shard_k        INTEGER NOT NULL CHECK (shard_k >= 0),  -- 0: the whole count
    set_name       TEXT    NOT NULL,          -- '' when counted for no set (judge's ground truth)
    problem_id     TEXT    NOT NULL,
    host           TEXT    NOT NULL,          -- the host name of the process
    pid            INTEGER NOT NULL,
    token          TEXT    NOT NULL UNIQUE CHECK (token <> ''),  -- tells one run from any other
    started_at     TEXT    NOT NULL,          -- UTC, RFC 3339 with nanoseconds
    beat_at        TEXT    NOT NULL,          -- when the run last said it was alive
    PRIMARY KEY (def_hash, solver_version, shard_i, shard_k)
) STRICT;

CREATE INDEX runs_by_id ON runs (problem_id);
