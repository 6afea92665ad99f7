package problems

import (
	"fmt"
	"io"

	"gopkg.in/yaml.v3"
)

// WriteYAML writes v to w as one YAML document indented by two spaces, so
// that the command line can print YAML without importing yaml.v3 itself.
// Struct fields are named by their yaml tags; yaml.v3 lowercases untagged
// names. A value yaml.v3 cannot encode (a func or a chan) is an error.
func WriteYAML(w io.Writer, v any) (err error) {
	defer func() {
		// yaml.v3 panics, rather than failing, on types it cannot encode.
		if r := recover(); r != nil {
			err = fmt.Errorf("write yaml: %v", r)
		}
	}()
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	return nil
}
