-- 0001_init: solved results, their solution lists, and the (set, id) links.
-- Never edit this file once shipped: add 0002_name.sql instead.

PRAGMA application_id = 1363821639; -- 0x514A4447, "QJDG": marks the file as a queensjudge cache

-- One solved problem per definition and solver version. Identical
-- definitions in different sets share a row; an edited definition or a new
-- solver version gets a new one.
CREATE TABLE results (
    def_hash       TEXT    NOT NULL CHECK (def_hash <> ''),
    solver_version TEXT    NOT NULL CHECK (solver_version <> ''),
    definition     TEXT    NOT NULL,          -- canonical definition text
    kind           TEXT    NOT NULL,          -- solver.Kind
    ask            TEXT    NOT NULL,          -- solver.Ask
    n              INTEGER NOT NULL,
    -- solver.Answer.Count in decimal: a uint64 may exceed int64, and a
    -- REAL would lose digits above 2^53.
    count          TEXT    NOT NULL CHECK (
                       length(count) BETWEEN 1 AND 20
                       AND count NOT GLOB '*[^0-9]*'
                       AND (count = '0' OR count NOT GLOB '0*')),
    m              INTEGER NOT NULL,          -- solver.Answer.M
    placement      TEXT,                      -- solver.Placement.String(); NULL when there is none
    seconds        REAL    NOT NULL,          -- time the solve took
    solved_at      TEXT    NOT NULL,          -- UTC, RFC 3339 with nanoseconds
    PRIMARY KEY (def_hash, solver_version)
) STRICT;

-- The placements of an ask-solutions result, in the solver's order.
CREATE TABLE solutions (
    def_hash       TEXT    NOT NULL,
    solver_version TEXT    NOT NULL,
    seq            INTEGER NOT NULL,          -- 0, 1, 2, ... in the solver's order
    placement      TEXT    NOT NULL,          -- solver.Placement.String()
    PRIMARY KEY (def_hash, solver_version, seq),
    FOREIGN KEY (def_hash, solver_version)
        REFERENCES results (def_hash, solver_version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- The definition each (set, problem id) had when it was last solved. No
-- foreign key: a link may outlive its result (a new solver version), and
-- that must stay visible.
CREATE TABLE links (
    set_name   TEXT NOT NULL,
    problem_id TEXT NOT NULL,
    def_hash   TEXT NOT NULL,
    updated_at TEXT NOT NULL,                 -- UTC, RFC 3339 with nanoseconds
    PRIMARY KEY (set_name, problem_id)
) STRICT;

CREATE INDEX links_by_id ON links (problem_id);
