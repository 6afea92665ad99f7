package validator

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Flags are the validator flags of a call: key=value words after the
// files, as a problem package's run script and the judge give them.
type Flags struct {
	Kind solver.Kind
	Ask  solver.Ask
	M    int    // queens-knights: the m asked for; solver.AnyM for the largest
	ID   string // the problem of a problem set given as INPUT (queensjudge validate only)
	// Cases are the test cases of a package, by the SHA-256 digests of
	// their input and answer files: with them, the answer file is the
	// ground truth, checked to be the one of the input given, byte for
	// byte, and nothing is solved.
	Cases []Case
}

// Case is a test case of a package: the SHA-256 digests (hex) of its input
// and answer files, "IN:ANS" in the cases= flag.
type Case struct{ Input, Answer string }

// The flags' keys.
const (
	KeyKind  = "kind"
	KeyAsk   = "ask"
	KeyM     = "m"
	KeyID    = "id"
	KeyCases = "cases"
)

// ParseFlags reads the validator flags in words: key=value for the keys
// known. It refuses what the problem-set loader refuses (an unknown kind or
// ask, m that is not a number from 0 up, m on a problem that is not
// queens-knights), an unknown key, a key given twice with two values, and
// a case that is not two digests of 64 hex digits. A word without '=' is skipped: it is
// one of a default validator's flags (case_sensitive), which a judge may
// pass to every validator.
func ParseFlags(words []string, known ...string) (Flags, error) {
	f := Flags{M: solver.AnyM}
	seen := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			continue
		}
		if !slices.Contains(known, k) {
			return f, fmt.Errorf("unknown validator flag %q (want %s=)", w, strings.Join(known, "=, "))
		}
		if prev, ok := seen[k]; ok {
			if prev != v {
				return f, fmt.Errorf("validator flag %s= given twice: %s=%s and %s=%s", k, k, prev, k, v)
			}
			continue
		}
		seen[k] = v
		switch k {
		case KeyKind:
			f.Kind = solver.Kind(v)
			if !slices.Contains(solver.Kinds, f.Kind) {
				return f, fmt.Errorf("validator flag kind=%s: want %s", v, kindList())
			}
		case KeyAsk:
			f.Ask = solver.Ask(v)
			if !slices.Contains(solver.Asks, f.Ask) {
				return f, fmt.Errorf("validator flag ask=%s: want %s", v, askList())
			}
		case KeyM:
			m, err := strconv.Atoi(v)
			if err != nil || m < 0 || v != strconv.Itoa(m) {
				return f, fmt.Errorf("validator flag m=%s: want a number from 0 up (leave m= out for the largest m)", v)
			}
			f.M = m
		case KeyID:
			f.ID = v
		case KeyCases:
			for _, c := range strings.Split(v, ",") {
				in, ans, ok := strings.Cut(c, ":")
				if !ok || !isDigest(in) || !isDigest(ans) {
					return f, fmt.Errorf("validator flag cases=%s: want IN:ANS pairs of SHA-256 digests (64 hex digits each), separated by commas", v)
				}
				f.Cases = append(f.Cases, Case{Input: strings.ToLower(in), Answer: strings.ToLower(ans)})
			}
		}
	}
	if _, ok := seen[KeyM]; ok && f.Kind != solver.QueensKnights {
		return f, fmt.Errorf("validator flag m=%s: only a queens-knights problem has m", seen[KeyM])
	}
	return f, nil
}

func kindList() string {
	var s []string
	for _, k := range solver.Kinds {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}

func askList() string {
	var s []string
	for _, a := range solver.Asks {
		s = append(s, string(a))
	}
	return strings.Join(s, ", ")
}

// isDigest reports whether s is a SHA-256 digest in hex.
func isDigest(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 32
}
