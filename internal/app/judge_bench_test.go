package app_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/solver"
)

// BenchmarkJudgeContest judges a regional's worth of teams (issue 46, item
// 11) through app.Judge with every output written: --html, --public-html,
// --scoreboard, --awards and --results-tsv. The contest is six problems of
// 200 tests in all, most of them placements on reserved boards of 8×8 to
// 24×24, and a folder of 200 answers per team, about a quarter of the
// placements wrong (drawn in the judges' report). It reports the wall time
// of one judging, the bytes allocated, the most heap in use (sampled every
// 20 ms) and the size of each output. The contest is written once per size
// and the ground truth solved into the cache before the timer starts.
//
//	go test ./internal/app -run '^$' -bench JudgeContest -benchtime 1x
//	QUEENSJUDGE_BENCH_TEAMS=5000 go test ./internal/app -run '^$' -bench JudgeContest/teams=5000 -benchtime 1x -timeout 1h
//
// QUEENSJUDGE_BENCH_TEAMS adds a size to 300 and 1,200;
// QUEENSJUDGE_BENCH_OUT=DIR keeps the outputs in DIR/teams=T, to open them.
func BenchmarkJudgeContest(b *testing.B) {
	sizes := []int{300, 1200}
	if s := os.Getenv("QUEENSJUDGE_BENCH_TEAMS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("QUEENSJUDGE_BENCH_TEAMS=%q: want a number of teams", s)
		}
		sizes = append(sizes, n)
	}
	for _, teams := range sizes {
		b.Run(fmt.Sprintf("teams=%d", teams), func(b *testing.B) {
			benchJudge(b, teams)
		})
	}
}

func benchJudge(b *testing.B, teams int) {
	dir := b.TempDir()
	set, subs := writeBenchContest(b, dir, teams)
	cache := filepath.Join(dir, "cache.db")
	out := filepath.Join(dir, "out")
	if keep := os.Getenv("QUEENSJUDGE_BENCH_OUT"); keep != "" {
		out = filepath.Join(keep, fmt.Sprintf("teams=%d", teams))
	}
	con := app.Console{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Format: output.Table}

	// The ground truth of the counts, solved once: one team judged.
	warm := filepath.Join(dir, "warm")
	if err := os.MkdirAll(warm, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(filepath.Join(subs, benchTeam(0)), filepath.Join(warm, benchTeam(0))); err != nil {
		b.Fatal(err)
	}
	if _, err := app.Judge(context.Background(), con, app.JudgeRequest{Cache: cache, Set: set, Submissions: warm, Batch: batch}); err != nil {
		b.Fatalf("judge one team: %v", err)
	}
	if err := os.Rename(filepath.Join(warm, benchTeam(0)), filepath.Join(subs, benchTeam(0))); err != nil {
		b.Fatal(err)
	}

	req := app.JudgeRequest{
		Cache: cache, Set: set, Submissions: subs, Batch: batch, Replace: true,
		Scoreboard: filepath.Join(out, "scoreboard.json"), Awards: filepath.Join(out, "awards.json"),
		ResultsTSV: filepath.Join(out, "results.tsv"), HTML: filepath.Join(out, "report.html"),
		PublicHTML: filepath.Join(out, "public.html"),
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		b.Fatal(err)
	}
	var wall time.Duration
	var alloc uint64
	var peak uint64
	var judged int // answers judged
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		stop, maxHeap := sampleHeap()
		start := time.Now()
		res, err := app.Judge(context.Background(), con, req)
		wall += time.Since(start)
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		stop()
		if err != nil {
			b.Fatalf("judge: %v", err)
		}
		if got, want := len(res.Report.Scoreboard), teams; got != want {
			b.Fatalf("%d teams on the scoreboard, want %d", got, want)
		}
		alloc += after.TotalAlloc - before.TotalAlloc
		judged = res.Report.Tally.Rows
		peak = max(peak, *maxHeap, after.HeapInuse)
	}
	b.ReportMetric(wall.Seconds()/float64(b.N), "s/judging")
	b.ReportMetric(float64(alloc)/float64(b.N)/1e6, "MB-alloc/judging")
	b.ReportMetric(float64(peak)/1e6, "MB-heap-peak")
	b.ReportMetric(float64(judged), "tests-judged")
	for _, f := range []struct{ path, unit string }{
		{req.HTML, "MB-report-first-page"}, {req.PublicHTML, "MB-public-first-page"}, {req.Scoreboard, "MB-scoreboard"},
		{req.Awards, "MB-awards"}, {req.ResultsTSV, "MB-results-tsv"},
	} {
		fi, err := os.Stat(f.path)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(fi.Size())/1e6, f.unit)
	}
	// The pages beside a report too large for one, in all.
	for _, f := range []struct{ dir, unit string }{
		{filepath.Join(out, "report_files"), "MB-report-team-pages"}, {filepath.Join(out, "public_files"), "MB-public-team-pages"},
	} {
		var size int64
		entries, _ := os.ReadDir(f.dir)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil {
				size += fi.Size()
			}
		}
		b.ReportMetric(float64(size)/1e6, f.unit)
	}
}

// sampleHeap reads HeapInuse every 20 ms until stop is called, and keeps
// the most it saw. ReadMemStats stops the world for a moment, which the
// judging pays for.
func sampleHeap() (stop func(), peak *uint64) {
	peak = new(uint64)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&m)
				*peak = max(*peak, m.HeapInuse)
			}
		}
	}()
	return func() { close(done); wg.Wait() }, peak
}

func benchTeam(i int) string { return fmt.Sprintf("team-%04d", i+1) }

// benchProblem is a problem of the benchmark's contest: its tests' boards
// (rows of '.' and '*'), and for each test what a right answer is.
type benchProblem struct {
	id, kind, ask string
	boards        [][]string // reserved: the boards; nil for nqueens
	ns            []int      // nqueens: each test's n
	right         []string   // the right answer to each test
	wrong         []string   // a wrong one (a placement with two queens in a column, a count off by one)
}

// benchProblems makes the contest's problems, the same every run: four
// placements on reserved boards (40 tests each, n from 8 to 24), a count
// on reserved boards (30 tests, 8×8 to 11×11) and an n-queens count (10
// tests, n from 4 to 13). A placement's reserved squares are drawn off a
// constructed placement, which is then a right answer; a count is counted
// here by a plain search.
func benchProblems() []benchProblem {
	rng := rand.New(rand.NewPCG(46, 11))
	var ps []benchProblem
	for k := range 4 {
		p := benchProblem{id: fmt.Sprintf("place-%c", 'a'+k), kind: "reserved", ask: "placement"}
		for t := range 40 {
			n := 8 + (t*17+k*5)%17
			cols, _ := solver.Construct(n)
			board := reservedBoard(rng, n, n*n/6, cols)
			p.boards = append(p.boards, board)
			p.right = append(p.right, columnsText(cols))
			bad := append([]int(nil), cols...)
			bad[0] = bad[1]
			p.wrong = append(p.wrong, columnsText(bad))
		}
		ps = append(ps, p)
	}
	c := benchProblem{id: "count-r", kind: "reserved", ask: "count"}
	for t := range 30 {
		n := 8 + t%4
		board := reservedBoard(rng, n, n+t%5, nil)
		count := countReserved(board)
		c.boards = append(c.boards, board)
		c.right = append(c.right, strconv.FormatUint(count, 10))
		c.wrong = append(c.wrong, strconv.FormatUint(count+1, 10))
	}
	ps = append(ps, c)
	q := benchProblem{id: "count-q", kind: "nqueens", ask: "count"}
	for n, count := range []uint64{2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712} {
		q.ns = append(q.ns, n+4)
		q.right = append(q.right, strconv.FormatUint(count, 10))
		q.wrong = append(q.wrong, strconv.FormatUint(count+1, 10))
	}
	return append(ps, q)
}

// reservedBoard draws k reserved squares of an n×n board, none on the
// queens of cols (row r, column cols[r]).
func reservedBoard(rng *rand.Rand, n, k int, cols []int) []string {
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", n))
	}
	for placed := 0; placed < k; {
		r, c := rng.IntN(n), rng.IntN(n)
		if rows[r][c] == '*' || (cols != nil && cols[r] == c) {
			continue
		}
		rows[r][c] = '*'
		placed++
	}
	out := make([]string, n)
	for r := range rows {
		out[r] = string(rows[r])
	}
	return out
}

// countReserved counts the placements of n queens on board, none on a
// reserved square, by a plain search row by row.
func countReserved(board []string) uint64 {
	n := len(board)
	free := make([]uint64, n)
	for r, row := range board {
		for c := range n {
			if row[c] == '.' {
				free[r] |= 1 << c
			}
		}
	}
	var place func(r int, cols, d1, d2 uint64) uint64
	place = func(r int, cols, d1, d2 uint64) uint64 {
		if r == n {
			return 1
		}
		var sum uint64
		for avail := free[r] &^ (cols | d1 | d2); avail != 0; avail &= avail - 1 {
			bit := avail & -avail
			sum += place(r+1, cols|bit, (d1|bit)<<1, (d2|bit)>>1)
		}
		return sum
	}
	return place(0, 0, 0, 0)
}

// columnsText writes cols as the 1-based column list a team sends.
func columnsText(cols []int) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c + 1))
	}
	return b.String()
}

// writeBenchContest writes the set and a folder of answers for each of
// teams teams under dir: every test answered, a team's answer wrong with a
// chance from 10% to 40% by team, the same every run.
func writeBenchContest(b *testing.B, dir string, teams int) (set, subs string) {
	b.Helper()
	ps := benchProblems()
	var y strings.Builder
	y.WriteString("name: regional\nproblems:\n")
	for _, p := range ps {
		fmt.Fprintf(&y, "  - id: %s\n    kind: %s\n    ask: %s\n    tests:\n", p.id, p.kind, p.ask)
		for _, board := range p.boards {
			fmt.Fprintf(&y, "      - board: [%s]\n", `"`+strings.Join(board, `", "`)+`"`)
		}
		for _, n := range p.ns {
			fmt.Fprintf(&y, "      - n: %d\n", n)
		}
	}
	set = filepath.Join(dir, "set.yaml")
	if err := os.WriteFile(set, []byte(y.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	subs = filepath.Join(dir, "submissions")
	rng := rand.New(rand.NewPCG(46, 1200))
	for i := range teams {
		wrongness := 0.1 + 0.3*float64(i%7)/6
		for _, p := range ps {
			folder := filepath.Join(subs, benchTeam(i), p.id)
			if err := os.MkdirAll(folder, 0o755); err != nil {
				b.Fatal(err)
			}
			for t := range p.right {
				answer := p.right[t]
				if rng.Float64() < wrongness {
					answer = p.wrong[t]
				}
				if err := os.WriteFile(filepath.Join(folder, strconv.Itoa(t+1)+".txt"), []byte(answer+"\n"), 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	return set, subs
}
