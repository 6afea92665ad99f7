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
// placement a line. The key n is written n, as a problem set spells it,
// not "n". A value yaml.v3 cannot encode (a func or a chan) is an
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
	plainKeys(&doc)
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

// plainKeys drops the quotes yaml.v3 puts around a mapping key that YAML
// 1.1 reads as a boolean (y, n): a key "n" reads n in a problem set, and
// yaml.v3, which reads YAML 1.2, reads n back as the string it is. A key
// that is a boolean in YAML 1.2 as well (true, no, ...) keeps its quotes.
func plainKeys(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			switch k.Value {
			case "y", "Y", "n", "N":
				if k.Kind == yaml.ScalarNode && k.Tag == "!!str" {
					k.Style &^= yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle
				}
			}
		}
	}
	for _, c := range n.Content {
		plainKeys(c)
	}
}
