package problems

import (
	"fmt"
	"io"

	"gopkg.in/yaml.v3"
)

// WriteYAML writes v to w as one YAML document indented by two spaces, so
// that the command line can print YAML without importing yaml.v3 itself.
// Struct fields are named by their yaml tags; yaml.v3 lowercases untagged
// names. A list of plain values (a placement's columns or rows) is written
// on one line, [2, 4, 1, 3], so that a list of placements reads as one
// placement a line. A value yaml.v3 cannot encode (a func or a chan) is an
// error.
func WriteYAML(w io.Writer, v any) (err error) {
	defer func() {
		// yaml.v3 panics, rather than failing, on types it cannot encode.
		if r := recover(); r != nil {
			err = fmt.Errorf("write yaml: %v", r)
		}
	}()
	var doc yaml.Node
	if err := doc.Encode(v); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	flowScalarLists(&doc)
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("write yaml: %w", err)
	}
	return nil
}

// flowScalarLists sets the flow style on every non-empty sequence of
// scalars under n.
func flowScalarLists(n *yaml.Node) {
	if n.Kind == yaml.SequenceNode && len(n.Content) > 0 {
		scalars := true
		for _, c := range n.Content {
			scalars = scalars && c.Kind == yaml.ScalarNode
		}
		if scalars {
			n.Style = yaml.FlowStyle
		}
	}
	for _, c := range n.Content {
		flowScalarLists(c)
	}
}
