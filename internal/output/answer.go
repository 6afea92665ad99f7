package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Answer is the answer of a printed row. It is not built as a value to be
// encoded: each format's writer below writes it straight from the result,
// so that the columns of a 10,000,000-queen placement are written one by one
// from its squares and the placements of a solutions list are read (from
// the cache, say) as they are written. A value of 10,000,000 integers is
// 80 MB more, its JSON in a buffer 150 MB more, and as YAML nodes (one per
// column) it took 13 GB.
//
// In JSON and YAML it is an integer for count, unique and max; for a
// placement, the 1-based column of the queen in each row (queens alone) or
// the board rows (queens-knights), null when there is none; for solutions,
// the list of placements. In CSV it is that JSON, compact. The bytes are
// those encoding/json and yaml.v3 wrote when the answer was such a value.
type Answer struct {
	Kind  solver.Kind
	Ask   solver.Ask
	Value solver.Answer // the count, or the placement (nil: there is none)
	// Placement, when not nil, reads the placement of an AskPlacement
	// answer (nil: there is none) in place of Value.Placement, as the
	// answer is written, once by each write: rows of many big placements
	// hold one at a time, while it is written, not all of them for the
	// whole output. An error from it ends the write, which returns it.
	Placement func() (*solver.Placement, error)
	// Solutions are the placements of an AskSolutions answer, read as they
	// are written, once by each write; Value.Count is how many, for the
	// table. An error in it ends the write, which returns it.
	Solutions iter.Seq2[solver.Placement, error]
}

// placement returns the placement of an AskPlacement answer: read by
// Placement, or Value.Placement. nil is none.
func (a Answer) placement() (*solver.Placement, error) {
	if a.Placement != nil {
		return a.Placement()
	}
	return a.Value.Placement, nil
}

// MarshalJSON returns the answer as JSON, compact, so that encoding/json
// encodes an Answer anywhere (Rows.JSONValue gives one) as Rows writes it.
// It holds the answer whole: Rows.Stream is how a big one is written. The
// error is the one reading Solutions.
func (a Answer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	err := a.writeCompactJSON(w)
	w.Flush()
	return b.Bytes(), err
}

// eachItem calls item with each item of the list that shows pl: the 1-based
// column of the queen in each row (num, with row == "") for a queens-only
// placement in column form, else each board row.
func eachItem(kind solver.Kind, pl solver.Placement, item func(num int, row string)) {
	if kind != solver.QueensKnights && pl.HasColumns() {
		for _, q := range pl.Queens {
			item(q.Col+1, "")
		}
		return
	}
	for _, r := range pl.Rows() {
		item(0, r)
	}
}

// writeJSON writes the answer as encoding/json indents it ("  " a level)
// in a field whose line is indented by indent.
func (a Answer) writeJSON(w *bufio.Writer, indent string) error {
	switch a.Ask {
	case solver.AskPlacement:
		pl, err := a.placement()
		if err != nil {
			return err
		}
		if pl == nil {
			w.WriteString("null")
			return nil
		}
		writeJSONPlacement(w, a.Kind, *pl, indent)
	case solver.AskSolutions:
		first := true
		for pl, err := range a.Solutions {
			if err != nil {
				return err
			}
			if first {
				w.WriteString("[\n")
			} else {
				w.WriteString(",\n")
			}
			first = false
			w.WriteString(indent + "  ")
			writeJSONPlacement(w, a.Kind, pl, indent+"  ")
		}
		if first {
			w.WriteString("[]")
		} else {
			w.WriteString("\n" + indent + "]")
		}
	default:
		w.WriteString(strconv.FormatUint(a.Value.Count, 10))
	}
	return nil
}

// writeJSONPlacement writes the list that shows pl, indented as a value on
// a line indented by indent.
func writeJSONPlacement(w *bufio.Writer, kind solver.Kind, pl solver.Placement, indent string) {
	var num [20]byte
	inner := indent + "  "
	first := true
	eachItem(kind, pl, func(c int, row string) {
		if first {
			w.WriteString("[\n")
		} else {
			w.WriteString(",\n")
		}
		first = false
		w.WriteString(inner)
		if row == "" {
			w.Write(strconv.AppendInt(num[:0], int64(c), 10))
		} else {
			writeJSONString(w, row)
		}
	})
	if first {
		w.WriteString("[]")
	} else {
		w.WriteString("\n" + indent + "]")
	}
}

// writeJSONString writes s as a JSON string, escaped as encoding/json
// escapes it.
func writeJSONString(w *bufio.Writer, s string) {
	b, _ := json.Marshal(s) // a string always marshals
	w.Write(b)
}

// writeCompactJSON writes the answer as encoding/json writes it without
// indenting: the answer cell of CSV.
func (a Answer) writeCompactJSON(w *bufio.Writer) error {
	switch a.Ask {
	case solver.AskPlacement:
		pl, err := a.placement()
		if err != nil {
			return err
		}
		if pl == nil {
			w.WriteString("null")
			return nil
		}
		writeCompactJSONPlacement(w, a.Kind, *pl)
	case solver.AskSolutions:
		w.WriteByte('[')
		first := true
		for pl, err := range a.Solutions {
			if err != nil {
				return err
			}
			if !first {
				w.WriteByte(',')
			}
			first = false
			writeCompactJSONPlacement(w, a.Kind, pl)
		}
		w.WriteByte(']')
	default:
		w.WriteString(strconv.FormatUint(a.Value.Count, 10))
	}
	return nil
}

// writeCompactJSONPlacement writes the list that shows pl, not indented.
func writeCompactJSONPlacement(w *bufio.Writer, kind solver.Kind, pl solver.Placement) {
	var num [20]byte
	w.WriteByte('[')
	first := true
	eachItem(kind, pl, func(c int, row string) {
		if !first {
			w.WriteByte(',')
		}
		first = false
		if row == "" {
			w.Write(strconv.AppendInt(num[:0], int64(c), 10))
		} else {
			writeJSONString(w, row)
		}
	})
	w.WriteByte(']')
}

// writeYAML writes the answer as problems.WriteYAML writes it as the value
// of a mapping key at indent: what follows the key's colon, from the space
// before a value on the key's line (" 92", " [2, 4, 1, 3]") or the line
// break before a block list (a solutions list, one placement a line), to
// the end of the value, without its last line break.
func (a Answer) writeYAML(w *bufio.Writer, indent string, q yamlQuoter) error {
	switch a.Ask {
	case solver.AskPlacement:
		pl, err := a.placement()
		if err != nil {
			return err
		}
		if pl == nil {
			w.WriteString(" null")
			return nil
		}
		w.WriteByte(' ')
		return writeYAMLPlacement(w, a.Kind, *pl, q)
	case solver.AskSolutions:
		first := true
		for pl, err := range a.Solutions {
			if err != nil {
				return err
			}
			first = false
			w.WriteString("\n" + indent + "  - ")
			if err := writeYAMLPlacement(w, a.Kind, pl, q); err != nil {
				return err
			}
		}
		if first {
			w.WriteString(" []")
		}
	default:
		w.WriteByte(' ')
		w.WriteString(strconv.FormatUint(a.Value.Count, 10))
	}
	return nil
}

// writeYAMLPlacement writes the list that shows pl as a flow list on one
// line, [2, 4, 1, 3], the form WriteYAML gives every list of plain values.
func writeYAMLPlacement(w *bufio.Writer, kind solver.Kind, pl solver.Placement, q yamlQuoter) error {
	var (
		num   [20]byte
		first = true
		err   error
	)
	w.WriteByte('[')
	eachItem(kind, pl, func(c int, row string) {
		if !first {
			w.WriteString(", ")
		}
		first = false
		if row == "" {
			w.Write(strconv.AppendInt(num[:0], int64(c), 10))
			return
		}
		s, qerr := q.quote(row)
		if qerr != nil && err == nil {
			err = qerr
		}
		w.WriteString(s)
	})
	w.WriteByte(']')
	return err
}

// yamlQuoter gives a string as yaml.v3 writes it in a flow list: plain when
// it reads back as the same string, quoted when not (a board row such as
// '.....', which begins like the document end marker "...", is quoted;
// ..Q.. is not). It asks problems.WriteYAML once for each string it meets,
// so that the rules stay yaml.v3's.
type yamlQuoter map[string]string

func (q yamlQuoter) quote(s string) (string, error) {
	if v, ok := q[s]; ok {
		return v, nil
	}
	var b strings.Builder
	if err := problems.WriteYAML(&b, []string{s}); err != nil {
		return "", err
	}
	v, ok := strings.CutPrefix(b.String(), "[")
	if v, ok = strings.CutSuffix(v, "]\n"); !ok {
		return "", fmt.Errorf("write yaml: the string %q came out as %q", s, b.String())
	}
	q[s] = v
	return v, nil
}

// Text returns the answer as a table cell shows it: the number, the
// placement in its compact form (cut short on big boards: a cell is for
// people, and one line), "none", or the number of solutions. Only the
// beginning of a big placement's compact form is made. The error is
// Placement's.
func (a Answer) Text() (string, error) {
	switch a.Ask {
	case solver.AskPlacement:
		pl, err := a.placement()
		if err != nil {
			return "", err
		}
		if pl == nil {
			return "none", nil
		}
		const maxCell = 48
		s := compactPrefix(*pl, maxCell+1)
		if len(s) > maxCell {
			cut := strings.LastIndexByte(s[:maxCell], ' ')
			if cut < 0 {
				cut = maxCell
			}
			s = s[:cut] + " …"
		}
		return s, nil
	case solver.AskSolutions:
		return solver.Plural(int64(a.Value.Count), "placement"), nil
	}
	return strconv.FormatUint(a.Value.Count, 10), nil
}

// compactPrefix returns pl.String(), or its first limit bytes or a little
// more when it is longer.
func compactPrefix(pl solver.Placement, limit int) string {
	if !pl.HasColumns() {
		return pl.String() // a board: at most 32 rows of at most 32 squares
	}
	var b []byte
	for i, q := range pl.Queens {
		if len(b) >= limit {
			break
		}
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(q.Col+1), 10)
	}
	return string(b)
}

// writeCSV writes the answer as a CSV cell: its compact JSON.
func (a Answer) writeCSV(w *bufio.Writer) error {
	c := &csvCell{w: w}
	cw := bufio.NewWriterSize(c, 4096)
	err := a.writeCompactJSON(cw)
	if ferr := cw.Flush(); err == nil {
		err = ferr
	}
	c.Close()
	return err
}
