package command

import (
	"os"
	"strings"
	"testing"
)

// TestEmptyValues gives commands an empty argument or flag value, as a
// variable that expanded to nothing does: each is a usage error before
// any work, where an empty --out printed the key on the terminal, an empty
// --html wrote nothing and an empty --shard counted the whole problem,
// all with exit 0.
func TestEmptyValues(t *testing.T) {
	smallContest(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"key", "--out", "", "a.yaml"}, "--out '': an empty value"},
		{[]string{"solve", "--shard", "", "a.yaml"}, "--shard '': an empty value"},
		{[]string{"solve", "--format", "", "a.yaml"}, "--format '': an empty value"},
		{[]string{"judge", "--html", "", "a.yaml", "subs"}, "--html '': an empty value"},
		{[]string{"judge", "--public-html", "", "a.yaml", "subs"}, "--public-html '': an empty value"},
		{[]string{"judge", "--scoreboard", "", "a.yaml", "subs"}, "--scoreboard '': an empty value"},
		{[]string{"show", "--svg", "", "q5"}, "--svg '': an empty value"},
		{[]string{"solve", ""}, "solve: argument 1 is empty"},
		{[]string{"judge", "a.yaml", ""}, "judge: argument 2 is empty"},
		{[]string{"merge", "", "part.db"}, "merge: argument 1 is empty"},
		{[]string{"show", ""}, "show: argument 1 is empty"},
	} {
		stdout, stderr, code := queensjudge(t, "cache.db", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout, stderr, c.want)
		}
		if _, err := os.Stat("cache.db"); err == nil {
			t.Errorf("%q: the cache was made: the refusal came after the work", c.args)
			os.Remove("cache.db")
		}
	}
}
