package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ccsSchemaDir holds the JSON schemas of the Contest API's 2026-01 release
// that scoreboard.json and awards.json are checked against, as the spec
// repository has them (see its README).
var ccsSchemaDir = filepath.Join("testdata", "ccs-2026-01")

// ccsSchemaBase is the URL the schemas' $id give them, which their $refs
// are relative to.
const ccsSchemaBase = "https://github.com/icpc/ccs-specs/raw/master/json-schema/"

// ccsSchema compiles the Contest API's schema of name ("scoreboard.json")
// strictly, as the spec's check-api.sh does unless told -p: a line
// `"additionalProperties": false,` goes before each line with
// ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES, so a field the API does not
// define fails. The schemas are all added as resources: nothing is fetched.
func ccsSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(ccsSchemaDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas in %s (%v)", ccsSchemaDir, err)
	}
	c := jsonschema.NewCompiler()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if strings.Contains(line, "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES") {
				lines = append(lines, "\"additionalProperties\": false,\n")
			}
			lines = append(lines, line)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(strings.Join(lines, "")))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := c.AddResource(ccsSchemaBase+filepath.Base(f), doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	sch, err := c.Compile(ccsSchemaBase + name)
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	return sch
}

// validCCS reports the error of validating the JSON data against sch, nil
// when it is valid.
func validCCS(sch *jsonschema.Schema, data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(doc)
}

// TestCCSSchema validates the scoreboard.json and awards.json of every
// test contest, of both types of scoreboard, timed and untimed, against
// the Contest API 2026-01 JSON schemas, strictly: what judge --scoreboard
// and --awards write is what the API defines, and nothing else.
func TestCCSSchema(t *testing.T) {
	scoreboard, awards := ccsSchema(t, "scoreboard.json"), ccsSchema(t, "awards.json")
	for _, from := range append(append([]string{}, goldenContests...), passFailContests...) {
		r, _ := contest(t, from)
		for _, f := range []struct {
			name  string
			sch   *jsonschema.Schema
			write func(*bytes.Buffer) error
		}{
			{"scoreboard.json", scoreboard, func(b *bytes.Buffer) error { return writeScoreboard(b, r) }},
			{"awards.json", awards, func(b *bytes.Buffer) error { return WriteAwards(b, r) }},
		} {
			t.Run(from+"."+f.name, func(t *testing.T) {
				var b bytes.Buffer
				if err := f.write(&b); err != nil {
					t.Fatal(err)
				}
				if err := validCCS(f.sch, b.Bytes()); err != nil {
					t.Errorf("%s of %s does not follow the Contest API 2026-01:\n%v\n%s", f.name, from, err, b.String())
				}
			})
		}
	}
}

// TestCCSSchemaStrict: the schemas as the tests compile them refuse what
// the API does not define, and what earlier releases wrote: a field of
// our own, integer minutes (2020-03), a row without time, a top level
// without state.
func TestCCSSchemaStrict(t *testing.T) {
	sch := ccsSchema(t, "scoreboard.json")
	r, _ := contest(t, "pass-fail-manifest")
	var b bytes.Buffer
	if err := writeScoreboard(&b, r); err != nil {
		t.Fatal(err)
	}
	if err := validCCS(sch, b.Bytes()); err != nil {
		t.Fatalf("the scoreboard: %v", err)
	}
	for _, c := range []struct {
		what   string
		change func(sb map[string]any)
	}{
		{"a field of our own", func(sb map[string]any) { row(sb)["extra"] = 1 }},
		{"score beside num_solved", func(sb map[string]any) { row(sb)["score"].(map[string]any)["score"] = 2 }},
		{"total_time in minutes", func(sb map[string]any) { row(sb)["score"].(map[string]any)["total_time"] = 110 }},
		{"a solved problem's time in minutes", func(sb map[string]any) {
			row(sb)["problems"].([]any)[0].(map[string]any)["time"] = 25
		}},
		{"no time of the last improvement", func(sb map[string]any) { delete(row(sb)["score"].(map[string]any), "time") }},
		{"no state", func(sb map[string]any) { delete(sb, "state") }},
		{"a state field of our own", func(sb map[string]any) { sb["state"].(map[string]any)["judged"] = nil }},
	} {
		var sb map[string]any
		if err := json.Unmarshal(b.Bytes(), &sb); err != nil {
			t.Fatal(err)
		}
		c.change(sb)
		data, err := json.Marshal(sb)
		if err != nil {
			t.Fatal(err)
		}
		if validCCS(sch, data) == nil {
			t.Errorf("a scoreboard with %s is valid, want invalid", c.what)
		}
	}
}

// row is the first row of the decoded scoreboard sb.
func row(sb map[string]any) map[string]any {
	return sb["rows"].([]any)[0].(map[string]any)
}
