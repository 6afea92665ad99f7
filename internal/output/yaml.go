package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/queensjudge/queensjudge/problems"
)

// WriteYAML writes as YAML what WriteJSON writes as JSON: the same fields
// under the same names, because it is made from that JSON, read back. So the
// json tags of v define both formats, and a field cannot be in one and not
// the other. Numbers stay exact: an integer is written as an integer, a
// count above 2^53 (Q(26) is) digit for digit; other numbers as floats. The
// keys of each mapping come out sorted, as yaml.v3 writes a map's; the rows
// of solve, key, show and merge, which keep their field order, are written
// by Rows. The YAML itself is problems.WriteYAML's.
func WriteYAML(w io.Writer, v any) error {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, v); err != nil {
		return err
	}
	d := json.NewDecoder(&buf)
	d.UseNumber()
	var doc any
	if err := d.Decode(&doc); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	return problems.WriteYAML(w, plainNumbers(doc))
}

// plainNumbers turns the json.Numbers in v into integers (exactly, for
// counts) or floats, so that YAML prints them as numbers, not strings.
func plainNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i
		}
		if u, err := strconv.ParseUint(string(v), 10, 64); err == nil {
			return u
		}
		f, _ := v.Float64() // encoding/json wrote it, so it is a number
		return f
	case []any:
		for i := range v {
			v[i] = plainNumbers(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = plainNumbers(v[k])
		}
	}
	return v
}
