package judge

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/problems"
)

// Submission is one team's answer to one problem.
type Submission struct {
	Team string
	// Problem is the problem id: from the manifest, or the file name with
	// its extension cut (see Contest for ids that hold a '.').
	Problem string
	// Time is when the answer was submitted, from the contest start;
	// meaningful only when Timed.
	Time  time.Duration
	Timed bool
	// File names the answer in reports: its path relative to the
	// submissions directory (or the manifest's), with forward slashes.
	File string
	// Open opens the answer. It is nil when Err is set.
	Open func() (io.ReadCloser, error)
	// Err, when not nil, says why the answer is not read: a path that leads
	// out of the submissions directory, or a file that is missing. Contest
	// judges it JE with this message.
	Err error
	// Dir is true when the answer is a folder of files, one per test of a
	// problem with tests (alice/chessboard/1.txt, alice/chessboard/big-3):
	// Parts are its files, File the folder, and Open is nil.
	Dir   bool
	Parts []Part
	// List lists the files of a folder of LoadSubmissions or LoadManifest
	// when it is judged: Parts is nil until then, so that a contest's
	// files are never all held at once. It gives the folder's files, what
	// in it is no answer (a hidden file, a folder: each a *Stray) and why
	// the folder cannot be read. Nil where Parts are given (regrade's).
	List func() (parts []Part, strays []error, err error)

	// name is the file's base name when Problem was cut from it.
	name string
	// where is the folder's path as a warning shows it: a folder for no
	// problem with tests is one warning, its files never listed.
	where string
	// at is the row of a submission from a manifest (Msg unset); nil for
	// one from a directory.
	at *RowError
}

// RowError is a row of a manifest that cannot be read, reported as a
// compiler would: "attempts.csv:14: time "abc": want minutes...". Line
// orders a manifest's errors when they come from two passes
// (LoadManifest's, then CheckManifest's).
type RowError struct {
	File string
	Line int
	Msg  string
}

func (e *RowError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Part is one file of a folder submission: the answer to one test, named
// after the test with or without an extension.
type Part struct {
	// Name is the file's name in the folder.
	Name string
	// File names the file in reports, as Submission.File does.
	File string
	// Open opens the answer. It is nil when Err is set.
	Open func() (io.ReadCloser, error)
	// Err, when not nil, says why the answer is not read, as
	// Submission.Err does; the test is judged JE with this message.
	Err error
}

// Stray is a file or folder among the submissions that is not one: a file
// beside the team folders, a folder in a team folder, or a file named after
// no problem of the set. It is skipped and reported as a warning: a
// README.txt in the submissions directory is not an error, and the caller
// decides whether a warning fails the run.
type Stray struct {
	// Path names the file, as the warning shows it.
	Path string
	// Why says why it is not judged.
	Why string
	// Team is the team whose folder (or manifest row) it is in, "" for a
	// file beside the team folders; File is its path from the submissions
	// directory (or the manifest's), slash-separated, as Submission.File.
	// A report lists it under its team from these, not from Path.
	Team, File string
}

func (s *Stray) Error() string { return s.Path + ": " + s.Why }

// Doubled is two or more files in one team's folder that answer the same
// problem: an answer and an older one (x.old), an editor's backup (x.txt~),
// the same answer with two extensions. Which of them the team meant cannot
// be told from the names, and judging each would let any AC among them
// solve the problem, so Contest judges none of them and reports this
// warning instead, naming them all: the organiser removes all but one and
// judges again. Like a *Stray, the caller decides whether a warning fails
// the run. Attempts in a manifest are never Doubled at the problem level: a
// team may send the same problem, even the same file, many times.
//
// Two files in a folder submission that answer one test (1.txt and 1.old)
// are Doubled too, with Test set: neither is judged, the test has no
// answer (NO), and the rest of the folder is judged.
type Doubled struct {
	Team, Problem string
	// Test names the test two files of a folder submission answer; "" when
	// the files answer the problem.
	Test string
	// Files are the files' names in the team folder, in name order.
	Files []string
}

func (d *Doubled) Error() string {
	what := "problem " + d.Problem
	if d.Test != "" {
		what += ", test " + d.Test
	}
	return fmt.Sprintf("team %s, %s: %s; keep one", d.Team, what, d.files())
}

// files names the files and says none of them is judged: "two files, a
// and b: neither judged".
func (d *Doubled) files() string {
	var b strings.Builder
	for i, f := range d.Files {
		switch {
		case i == 0:
		case i == len(d.Files)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(f)
	}
	count, verdict := "two", "neither"
	if len(d.Files) > 2 {
		count, verdict = strconv.Itoa(len(d.Files)), "none"
	}
	return fmt.Sprintf("%s files, %s: %s judged", count, b.String(), verdict)
}

// ErrOutside is wrapped by the Err of a submission whose path leads out of
// its directory, through ".." or a symbolic link. The file is not read.
var ErrOutside = errors.New("the path leads out of the submissions directory")

// LoadSubmissions reads a submissions directory: one folder per team, named
// after the team, and in it one file per problem named after the problem id,
// with or without an extension (alice/eight-queens.txt). A folder in a team
// folder is a folder submission (Dir), the answer to a problem with tests
// if one is named so, with a Part per file in it; Contest tells. The
// submissions come in name order, untimed.
//
// Every file in a team folder is a submission, whatever its name: an
// editor's backup (x.txt~, #x#) or an old answer (x.old) too. Contest
// matches each to a problem, and judges none of a team's files for a
// problem that two of them answer (see Doubled).
//
// Files are opened inside dir only (os.OpenInRoot): a link that leads out of
// it gives a submission whose Err wraps ErrOutside, judged JE, and is not
// followed. Anything else out of place (a file beside the team folders) is
// a *Stray in the errors, and skipped, as is a
// file or folder whose name starts with '.' (.DS_Store, .git, vim's
// .x.txt.swp): hidden, so likely no one's answer, but reported, so that a
// caller that fails on warnings fails on it too. A folder that cannot be
// read is an error. The rest is loaded.
func LoadSubmissions(dir string) ([]Submission, []error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, []error{fmt.Errorf("read submissions: %w", err)}
	}
	var subs []Submission
	var errs []error
	for _, e := range entries {
		team := e.Name()
		where := filepath.Join(dir, team)
		if strings.HasPrefix(team, ".") {
			errs = append(errs, &Stray{Path: where, Why: "a hidden name (it starts with '.'), skipped", File: team})
			continue
		}
		kind, err := within(dir, team)
		switch {
		case errors.Is(err, ErrOutside):
			errs = append(errs, fmt.Errorf("%s: team folder refused: %w", where, ErrOutside))
			continue
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: %w", where, err))
			continue
		case !kind.IsDir():
			errs = append(errs, &Stray{Path: where, Why: "not in a team folder, skipped", File: team})
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, team))
		if err != nil {
			errs = append(errs, fmt.Errorf("read team folder: %w", err))
			continue
		}
		for _, f := range files {
			name := f.Name()
			if strings.HasPrefix(name, ".") {
				errs = append(errs, &Stray{Path: filepath.Join(dir, team, name), Why: "a hidden name (it starts with '.'), skipped", Team: team, File: team + "/" + name})
				continue
			}
			rel := team + "/" + name
			sub := Submission{Team: team, Problem: cutExt(name), File: rel, name: name}
			kind, err := within(dir, rel)
			switch {
			case err != nil:
				sub.Err = fmt.Errorf("%s: %w", rel, err)
			case kind.IsDir():
				// The answer to a problem with tests, or a stray folder:
				// Contest tells, knowing the set.
				sub.Dir, sub.where = true, filepath.Join(dir, team, name)
				sub.List = func() ([]Part, []error, error) { return readFolder(dir, team, rel) }
			case !kind.IsRegular():
				sub.Err = fmt.Errorf("%s is not a regular file", rel)
			default:
				sub.Open = opener(dir, rel)
			}
			subs = append(subs, sub)
		}
	}
	return subs, errs
}

// readFolder reads the folder rel (slash-separated) inside dir, a folder
// submission: each file in it is a Part, opened inside dir only, as
// LoadSubmissions opens files. A hidden name or a folder is a *Stray,
// skipped. err says why a folder cannot be read.
func readFolder(dir, team, rel string) (parts []Part, strays []error, err error) {
	root, real, err := resolve(dir, rel)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", rel, err)
	}
	entries, err := os.ReadDir(filepath.Join(root, real))
	if err != nil {
		return nil, nil, fmt.Errorf("read folder %s: %w", rel, err)
	}
	parts = []Part{} // not nil: a folder, maybe empty
	for _, e := range entries {
		name := e.Name()
		where := filepath.Join(dir, filepath.FromSlash(rel), name)
		file := rel + "/" + name
		if strings.HasPrefix(name, ".") {
			strays = append(strays, &Stray{Path: where, Why: "a hidden name (it starts with '.'), skipped", Team: team, File: file})
			continue
		}
		part := Part{Name: name, File: file}
		// A regular file, no link, in a folder that is inside dir is inside
		// it: no link on its way to follow again (and the opener checks
		// again when it opens it).
		kind, err := e.Type(), error(nil)
		if !kind.IsRegular() {
			kind, err = within(dir, file)
		}
		switch {
		case err != nil:
			part.Err = fmt.Errorf("%s: %w", file, err)
		case kind.IsDir():
			strays = append(strays, &Stray{Path: where, Why: "a folder in a problem's folder, skipped", Team: team, File: file})
			continue
		case !kind.IsRegular():
			part.Err = fmt.Errorf("%s is not a regular file", file)
		default:
			part.Open = opener(dir, file)
		}
		parts = append(parts, part)
	}
	return parts, strays, nil
}

// cutExt returns name without its extension, or name when that would leave
// nothing.
func cutExt(name string) string {
	if ext := path.Ext(name); ext != "" && ext != name {
		return strings.TrimSuffix(name, ext)
	}
	return name
}

// within returns the file mode of the file rel (slash-separated) inside
// dir, following links that stay inside dir. The error is ErrOutside when
// rel leads out of dir.
func within(dir, rel string) (os.FileMode, error) {
	root, real, err := resolve(dir, rel)
	if err != nil {
		return 0, err
	}
	fi, err := os.Stat(filepath.Join(root, real))
	if err != nil {
		return 0, err
	}
	return fi.Mode(), nil
}

// resolve follows every link on the way to rel inside dir and returns dir's
// own real path and rel's real path relative to it: a path with no link left
// in it. The error is ErrOutside when rel leads out of dir.
func resolve(dir, rel string) (root, real string, err error) {
	local := filepath.FromSlash(rel)
	if !filepath.IsLocal(local) {
		return "", "", ErrOutside
	}
	if root, err = filepath.EvalSymlinks(dir); err != nil {
		return "", "", err
	}
	full, err := filepath.EvalSymlinks(filepath.Join(dir, local))
	switch {
	case err == nil:
	case !errors.Is(err, fs.ErrNotExist):
		return "", "", err
	default:
		if _, lerr := os.Lstat(filepath.Join(dir, local)); lerr == nil {
			return "", "", errors.New("a link to nothing") // the link is there, its target is not
		}
		return "", "", errors.New("no such file")
	}
	if real, err = filepath.Rel(root, full); err != nil || !filepath.IsLocal(real) {
		return "", "", ErrOutside
	}
	return root, real, nil
}

// OpenInside returns what opens the file rel (slash-separated) inside dir,
// with LoadSubmissions' checks: rel must lead to a regular file inside dir,
// through links that stay inside it, now and again when it is opened. The
// error says why not: it wraps ErrOutside for a path that leads out (the
// file is not read), or says the file is missing, a link to nothing, or
// not a regular file. Regrade reopens a kept submission with it.
func OpenInside(dir, rel string) (func() (io.ReadCloser, error), error) {
	kind, err := within(dir, rel)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", rel, err)
	case !kind.IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", rel)
	}
	return opener(dir, rel), nil
}

// opener opens rel inside dir, refusing (again, in case the files changed)
// any path that leads out of it.
func opener(dir, rel string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		f, err := os.OpenInRoot(dir, filepath.FromSlash(rel))
		if err != nil && strings.Contains(err.Error(), "escapes from parent") {
			// os.Root's error for a path that leads out is not exported.
			// It refuses every absolute link, even one that stays inside:
			// follow the links, and open the path they lead to, which has
			// none left, inside the root again.
			root, real, rerr := resolve(dir, rel)
			if errors.Is(rerr, ErrOutside) {
				return nil, fmt.Errorf("%s: %w", rel, ErrOutside)
			}
			if rerr != nil {
				return nil, fmt.Errorf("%s: %w", rel, rerr)
			}
			f, err = os.OpenInRoot(root, real)
		}
		if err != nil {
			return nil, err
		}
		return f, nil
	}
}

// maxManifest is the largest manifest read: a million attempts fit.
const maxManifest = 64 << 20

// LoadManifest reads a CSV manifest of timed attempts: one row per attempt,
// with the columns team, problem, time and file. A first row naming the
// columns (in any order; time may be left out) is a header; without one the
// columns are in that order. The time is optional; see ParseTime for its
// forms. file is relative to the manifest's directory and must stay in it,
// as in LoadSubmissions; a folder is a folder submission (Dir), the answer
// to a problem with tests. A file that is missing, or leads out of the
// directory, is read as a submission whose Err says so (Contest judges it
// JE), as in LoadSubmissions.
//
// Every row that cannot be read is an error "manifest.csv:LINE: ...", all
// of them, not just the first: a bad time, a missing team, problem or file,
// more columns than the header (or, without one, than the four). A header
// that names a column twice, or a column that is none of the four
// ("unknown column "tiem" (did you mean "time"?)"), is an error, and no row
// is read: which column a row's field is for cannot be told. The rows that
// can be read are returned beside the errors, but a contest is judged
// whole or not at all: the caller refuses to judge a manifest with an
// error (see also CheckManifest, for the problem ids).
func LoadManifest(name string) ([]Submission, []error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, []error{fmt.Errorf("read manifest: %w", err)}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, []error{fmt.Errorf("read manifest %s: %w", name, err)}
	}
	if len(data) > maxManifest {
		return nil, []error{fmt.Errorf("%s: more than the %s a manifest may have", name, size(maxManifest))}
	}
	return parseManifest(name, filepath.Dir(name), data)
}

var manifestColumns = []string{"team", "problem", "time", "file"}

// parseManifest reads data, the manifest name (in dir), as LoadManifest
// says.
func parseManifest(name, dir string, data []byte) ([]Submission, []error) {
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	r.ReuseRecord = true
	m := manifestRows{name: name, dir: dir, col: map[string]int{"team": 0, "problem": 1, "time": 2, "file": 3},
		columns: len(manifestColumns)}
	var subs []Submission
	for first := true; ; first = false {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				m.errorf(pe.Line, "%v (the rest of the manifest is not read)", pe.Err)
			} else {
				m.errs = append(m.errs, fmt.Errorf("read manifest %s: %w", name, err))
			}
			break
		}
		line, _ := r.FieldPos(0) // only after a good read: it panics after an error
		if first && isHeader(rec) {
			if !m.header(line, rec) {
				return nil, m.errs // which field is which cannot be told
			}
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line
		}
		if sub, ok := m.row(line, rec); ok {
			subs = append(subs, sub)
		}
	}
	return subs, m.errs
}

// manifestRows is a manifest as parseManifest reads it: which field of a
// row is which column, and the errors of the rows read so far.
type manifestRows struct {
	name, dir string         // the manifest, and the directory its files are in
	col       map[string]int // a column's place in a row
	columns   int            // the most fields a row may have
	errs      []error
}

// errorf records an error of the row at line.
func (m *manifestRows) errorf(line int, format string, args ...any) {
	m.errs = append(m.errs, &RowError{File: m.name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// header reads rec, the header at line, as the columns of the rows after
// it, and reports whether it names them: each column once, every one of
// them but time, and no other.
func (m *manifestRows) header(line int, rec []string) bool {
	m.col = map[string]int{}
	bad := false
	for i, f := range rec {
		f = strings.ToLower(strings.TrimSpace(f))
		switch k, dup := m.col[f]; {
		case dup:
			m.errorf(line, "column %q twice in the header (columns %d and %d)", f, k+1, i+1)
			bad = true
		case !slices.Contains(manifestColumns, f):
			m.errorf(line, "unknown column %q (%s)", f, wantColumn(f))
			bad = true
		}
		m.col[f] = i
	}
	for _, c := range manifestColumns {
		if _, ok := m.col[c]; !ok && c != "time" {
			m.errorf(line, "the header has no %s column", c)
			bad = true
		}
	}
	m.columns = len(rec)
	return !bad
}

// row reads rec, the row at line, as a submission, or records every error
// of the row and returns false: too many fields, a missing team, problem
// or file, a bad time. The file is found as LoadManifest says (see
// openManifestFile).
func (m *manifestRows) row(line int, rec []string) (Submission, bool) {
	field := func(c string) string {
		if i, ok := m.col[c]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	if len(rec) > m.columns {
		m.errorf(line, "%d columns, want at most %d (%s)", len(rec), m.columns, columnsOf(m.col))
		return Submission{}, false
	}
	sub := Submission{Team: field("team"), Problem: field("problem"), File: field("file"), at: &RowError{File: m.name, Line: line}}
	var missing []string
	for _, c := range []string{"team", "problem", "file"} {
		if field(c) == "" {
			missing = append(missing, c)
		}
	}
	rowErr := false
	if len(missing) > 0 {
		msg := "no " + strings.Join(missing, " or ")
		if len(rec) < m.columns {
			msg += fmt.Sprintf(" (%d columns, want %d: %s)", len(rec), m.columns, columnsOf(m.col))
		}
		m.errorf(line, "%s", msg)
		rowErr = true
	}
	if t := field("time"); t != "" {
		d, err := ParseTime(t)
		if err != nil {
			m.errorf(line, "%v", err)
			rowErr = true
		}
		sub.Time, sub.Timed = d, true
	}
	if rowErr {
		return Submission{}, false // every error of the row is said
	}
	openManifestFile(m.dir, &sub)
	return sub, true
}

// openManifestFile finds sub's file in dir, as LoadSubmissions would: a
// regular file is opened when judged, a folder is read as the answer to a
// problem with tests, and anything else (missing, leading out of dir, not
// a regular file) is sub's Err.
func openManifestFile(dir string, sub *Submission) {
	sub.File = filepath.ToSlash(sub.File)
	kind, err := within(dir, sub.File)
	switch {
	case err != nil:
		sub.Err = fmt.Errorf("%s: %w", sub.File, err)
	case kind.IsDir():
		// The answer to a problem with tests; for a problem without,
		// Contest judges it JE, as a file that is not a regular one.
		sub.Dir, sub.where = true, filepath.Join(dir, filepath.FromSlash(sub.File))
		team, rel := sub.Team, sub.File
		sub.List = func() ([]Part, []error, error) { return readFolder(dir, team, rel) }
	case !kind.IsRegular():
		sub.Err = fmt.Errorf("%s is not a regular file", sub.File)
	default:
		sub.Open = opener(dir, sub.File)
	}
}

// wantColumn says which column an unknown one was probably meant to be, or
// else names them all.
func wantColumn(name string) string {
	if c := text.Closest(name, manifestColumns); c != "" {
		return fmt.Sprintf("did you mean %q?", c)
	}
	return "want team, problem, time or file"
}

// columnsOf names the columns of a manifest in their order: "team,
// problem, time, file".
func columnsOf(col map[string]int) string {
	names := slices.Collect(maps.Keys(col))
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(col[a], col[b]) })
	return strings.Join(names, ", ")
}

// CheckManifest returns an error for each submission of subs from a
// manifest (LoadManifest) whose problem is not in set, naming its row and
// the id it was probably meant to be: "attempts.csv:14: no problem "eigth-
// queens" in set S (did you mean "eight-queens"?)". A row for no problem is
// the organiser's mistake, and an attempt that vanished from the
// scoreboard would go unseen: the caller refuses the manifest. A file of a
// team folder for no problem is a *Stray warning of Contest instead (a
// README.txt), and not checked here.
func CheckManifest(set *problems.Set, subs []Submission) []error {
	var ids []string
	for _, p := range set.Problems {
		ids = append(ids, p.ID)
	}
	var errs []error
	for _, s := range subs {
		if s.at == nil {
			continue
		}
		if _, ok := set.Problem(s.Problem); ok {
			continue
		}
		e := &RowError{File: s.at.File, Line: s.at.Line, Msg: fmt.Sprintf("no problem %q in set %s", s.Problem, set.Name)}
		if c := text.Closest(s.Problem, ids); c != "" {
			e.Msg += fmt.Sprintf(" (did you mean %q?)", c)
		}
		errs = append(errs, e)
	}
	return errs
}

// Empty is a judging of nothing: no submission read from the directory or
// manifest From answers a problem of the set. It is never what the
// organiser meant (a team's folder given for the submissions directory, one
// folder too deep; an empty directory; a manifest of no rows), and a caller
// refuses to judge, writing nothing.
type Empty struct {
	From string
	// Why says why nothing is judged.
	Why string
	// Parent is, when From looks like a team's folder (a file or folder in
	// it is named after a problem of the set), its parent directory, the
	// one probably meant, with a trailing separator; "" otherwise.
	Parent string
	// Warnings are Contest's for the submissions that were read: why each
	// is not judged (a *Stray, a *Doubled).
	Warnings []error
}

func (e *Empty) Error() string {
	msg := fmt.Sprintf("submissions %s: no submission to judge: %s", text.Printable(e.From), e.Why)
	if e.Parent != "" {
		msg += fmt.Sprintf(": did you mean %s?", text.Printable(e.Parent))
	}
	return msg
}

// Nothing returns an *Empty when none of subs, read from the submissions
// directory or the manifest named from, is one Contest would judge, and
// nil when one of them answers a problem of set: one judged, or files of
// a team's folder for one problem that are *Doubled (read, and the
// warning tells the organiser which to keep; with --strict, a failure).
func Nothing(set *problems.Set, subs []Submission, from string) error {
	jobs, noted := plan(set, subs)
	warnings := inOrder(noted)
	if len(jobs) > 0 || slices.ContainsFunc(warnings, func(w error) bool { return errors.As(w, new(*Doubled)) }) {
		// Something is judged, or a team's files answer a problem and
		// the warning says which one to keep.
		return nil
	}
	e := &Empty{From: from, Warnings: warnings}
	fi, err := os.Stat(from)
	if err != nil || !fi.IsDir() {
		e.Why = "no attempt in the manifest"
		if len(subs) > 0 {
			e.Why = "no attempt answers a problem of set " + set.Name
		}
		return e
	}
	entries, _ := os.ReadDir(from)
	var answers []string
	teams := 0
	for _, d := range entries {
		name := d.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if d.IsDir() {
			teams++
		}
		if _, ok := set.Problem(name); ok {
			answers = append(answers, name)
		} else if _, ok := set.Problem(cutExt(name)); ok && !d.IsDir() {
			answers = append(answers, name)
		}
	}
	switch {
	case len(answers) > 0:
		shown := strings.Join(answers, ", ")
		if len(answers) > 3 {
			shown = fmt.Sprintf("%s and %d more", strings.Join(answers[:3], ", "), len(answers)-3)
		}
		verb := "answer problems"
		if len(answers) == 1 {
			verb = "answers a problem"
		}
		e.Why = fmt.Sprintf("it looks like a team's folder: %s %s of set %s", text.Printable(shown), verb, set.Name)
		e.Parent = filepath.Dir(filepath.Clean(from)) + string(filepath.Separator)
	case teams == 0:
		e.Why = "no team folder in it"
	default:
		e.Why = fmt.Sprintf("no file in its team folders answers a problem of set %s (see the warnings)", set.Name)
	}
	return e
}

// isHeader reports whether a manifest's first row names its columns.
func isHeader(rec []string) bool {
	names := map[string]bool{}
	for _, f := range rec {
		names[strings.ToLower(strings.TrimSpace(f))] = true
	}
	return names["team"] && names["problem"]
}

var relTime = regexp.MustCompile(`^(\d+):([0-5]\d):([0-5]\d)(\.\d{1,9})?$`)

// ParseTime reads the time of an attempt, from the contest start: a plain
// number is minutes ("95"), as on ICPC scoreboards; a Go duration gives
// other units ("1h35m", "95m", "5700s", "90.5m"); h:mm:ss is the Contest
// API's RELTIME ("1:35:00", "1:35:00.250"). Negative times are refused.
func ParseTime(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s != "" && strings.Trim(s, "0123456789") == "" {
		m, err := strconv.ParseInt(s, 10, 64)
		if err != nil || m > int64(1<<63-1)/int64(time.Minute) {
			return 0, fmt.Errorf("time %q is too large", s)
		}
		return time.Duration(m) * time.Minute, nil
	}
	if m := relTime.FindStringSubmatch(s); m != nil {
		h, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil || h > 1_000_000 {
			return 0, fmt.Errorf("time %q is too large", s)
		}
		mm, _ := strconv.Atoi(m[2])
		ss, _ := strconv.Atoi(m[3])
		d := time.Duration(h)*time.Hour + time.Duration(mm)*time.Minute + time.Duration(ss)*time.Second
		if m[4] != "" {
			nanos, _ := strconv.Atoi((m[4][1:] + "00000000")[:9])
			d += time.Duration(nanos)
		}
		return d, nil
	}
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return 0, fmt.Errorf("time %q: want minutes (95), a duration (1h35m, 5700s) or h:mm:ss", s)
	case d < 0:
		return 0, fmt.Errorf("time %q is before the contest start", s)
	}
	return d, nil
}
