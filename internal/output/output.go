// Package output owns how a command's result is written in the four
// formats a user picks with --format: an aligned table for people, and JSON,
// YAML and CSV for scripts. It holds the one JSON writer, the one YAML
// writer and the one CSV writer of the tool, so that every command and every
// report quotes, indents and escapes alike, and the rows of solve, key, show
// and merge, whose answers are streamed: a 10,000,000-queen placement or a
// list of solutions is written as it is read, never held whole.
//
// It must not know where a result comes from: not the cache, not the ground
// truth, not the command line. A caller hands it a Data and a Format.
// problems.WriteYAML stays the only encoder of YAML (problems is the only
// importer of yaml.v3); this package decides what is given to it.
package output

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Format is an output format, as --format names it.
type Format string

// The formats, as --format names them.
const (
	Table Format = "table"
	JSON  Format = "json"
	YAML  Format = "yaml"
	CSV   Format = "csv"
)

// Formats are the formats every command that prints data offers, in the
// order help and error messages list them.
var Formats = []Format{Table, JSON, YAML, CSV}

// ParseFormat returns s as a Format, so that a mistyped --format is refused
// before any work is done. The error lists the formats:
// unknown format "xml" (want table, json, yaml, csv).
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want %s)", s, formatList())
}

// formatList returns the formats as a user types them: "table, json, ...".
func formatList() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// Data is a result a command prints, in a form each format can lay out. A
// type implements it once and gets all four formats from Write, alike in
// every command.
type Data interface {
	// JSONValue returns the value JSON and YAML encode (see WriteJSON and
	// WriteYAML): its json tags name the fields, in both formats.
	JSONValue() any
	// Records returns the header and the records of CSV, as plain text:
	// WriteCSV makes each cell safe.
	Records() (header []string, records [][]string)
	// WriteTable writes the result for people: aligned columns, lines of
	// text. w is buffered by Write.
	WriteTable(w io.Writer) error
}

// Streamer is a Data too big to hold whole in some format, such as Rows,
// whose answers can be millions of columns long. Write calls Stream instead
// of Data's methods, in every format; Stream writes d in f itself, reading
// what it writes as it goes. An error reading it can end the output half
// way, and is returned.
type Streamer interface {
	Stream(w io.Writer, f Format) error
}

// Write writes d to w in format f: through Stream when d is a Streamer;
// else the JSON or YAML of d.JSONValue(), the CSV of d.Records(), or
// d.WriteTable. The output goes through one buffer, flushed before Write
// returns, so that a result written cell by cell makes few system calls.
// An unknown format is an error, and nothing is written.
func Write(w io.Writer, f Format, d Data) error {
	if _, err := ParseFormat(string(f)); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	if s, ok := d.(Streamer); ok {
		err = s.Stream(bw, f)
	} else {
		switch f {
		case JSON:
			err = WriteJSON(bw, d.JSONValue())
		case YAML:
			err = WriteYAML(bw, d.JSONValue())
		case CSV:
			header, records := d.Records()
			err = WriteCSV(bw, header, records)
		default:
			err = d.WriteTable(bw)
		}
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}
