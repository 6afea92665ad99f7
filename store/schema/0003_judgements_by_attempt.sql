-- 0003_judgements_by_attempt: one kept judgement per attempt. 0002 kept
-- judgements by (set, team, problem, file), so a team that sent the same
-- file twice (a manifest whose files are stored by content) kept only its
-- last attempt, and regrade moved its first accepted one.
-- Never edit this file once shipped: add 0004_name.sql instead.

CREATE TABLE judgements_by_attempt (
    set_name       TEXT    NOT NULL,
    team           TEXT    NOT NULL,
    problem_id     TEXT    NOT NULL,
    -- 1, 2, ...: the place of the attempt among the team's attempts at the
    -- problem, by time (untimed ones last), then by file, as judge.NewReport
    -- numbers them.
    attempt        INTEGER NOT NULL,
    file           TEXT    NOT NULL,          -- relative to the submissions directory or manifest
    time_ms        INTEGER,                   -- from the contest start; NULL when untimed
    path           TEXT    NOT NULL,          -- absolute path of the answer when judged
    answer         BLOB,                      -- the answer's bytes when small enough; NULL otherwise
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    verdict        TEXT    NOT NULL CHECK (verdict IN ('AC', 'WA', 'PE', 'NO', 'JE')),
    message        TEXT    NOT NULL,
    team_message   TEXT    NOT NULL,
    judged_at      TEXT    NOT NULL,          -- UTC, RFC 3339 with nanoseconds
    PRIMARY KEY (set_name, team, problem_id, attempt)
) STRICT;

-- What 0002 kept is numbered again in the order a regrade numbers it: two
-- judge runs over different submissions could have left two rows with the
-- same attempt number, and neither may be lost here.
INSERT INTO judgements_by_attempt
    (set_name, team, problem_id, attempt, file, time_ms, path, answer,
     def_hash, solver_version, verdict, message, team_message, judged_at)
SELECT set_name, team, problem_id,
       row_number() OVER (PARTITION BY set_name, team, problem_id
                          ORDER BY time_ms IS NULL, time_ms, file),
       file, time_ms, path, answer,
       def_hash, solver_version, verdict, message, team_message, judged_at
FROM judgements;

DROP TABLE judgements;
ALTER TABLE judgements_by_attempt RENAME TO judgements;
