package output

import (
	"encoding/json"
	"io"
)

// WriteJSON writes v as JSON, indented two spaces a level and ending in a
// line break: the one JSON writer of the tool, for rows, reports and every
// other result alike. <, > and & are written as they are, not as \u003c and
// the like, so that a message reads the same in JSON as in the table. The
// error is encoding/json's, for a value it cannot encode or a failed write.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
