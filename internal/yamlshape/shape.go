// Package yamlshape is a pass over a YAML stream that builds nothing: it
// mirrors the scanner and parser of gopkg.in/yaml.v3 v3.0.1 (the version in
// go.mod) token for token and event for event, keeping only the token kinds,
// their places and the parser's state. It answers two questions yaml.v3
// cannot be asked:
//
//   - how many nodes yaml.v3 would build, before it builds them: each costs
//     about 200 bytes, and a 1 MiB file of junk such as [{?, ?, ?, …}] holds a
//     million of them;
//   - at which token its parser stops, which yaml.v3 does not say: its message
//     names the line before the start of the enclosing collection, or no line
//     when that is on line 1.
//
// It follows yaml.v3 exactly on every stream yaml.v3 accepts (FuzzShape checks
// the node count against yaml.v3's). Where yaml.v3's scanner fails (a tab
// where YAML forbids one, a bad escape, a character that cannot start a
// token) this pass carries on as if it had not, so that it can only count
// more nodes than yaml.v3 builds, never fewer; it stops where yaml.v3's parser
// stops, and at the nesting depth where yaml.v3 gives up (10,000).
//
// The streams it is checked on are those package problems hands it: valid
// UTF-8 with no byte order mark but a first one, no NUL or other control
// character but tab, line feed and carriage return, and no U+0085, U+2028 or
// U+2029 (problems refuses the rest before it reads YAML).
//
// It is a copy of yaml.v3's rules, not a use of them, so it is tied to that
// one version. Upgrading yaml.v3 means rereading its scannerc.go and
// parserc.go against this file, updating the version above, and rerunning
// the fuzz target for a while (minutes, not seconds) from the module root:
//
//	go test -run '^$' -fuzz '^FuzzShape$' -fuzztime 10m ./internal/yamlshape
//
// A failing input is written under testdata/fuzz/FuzzShape; commit it once
// the pass agrees with yaml.v3 on it. The package imports only the standard
// library (its tests import yaml.v3 to check against); it knows nothing of
// problem sets.
package yamlshape

import "bytes"

// Shape is what Count learns of a stream.
type Shape struct {
	// Nodes is the number of nodes yaml.v3 builds for the first two
	// documents of the stream (a caller that wants one document reads the
	// second only to refuse it), or for as much of them as was read when
	// the limit was passed.
	Nodes int
	// Over is the 1-based line where Nodes passed the limit, or 0.
	Over int
	// Stop is where yaml.v3's parser stops, or nil.
	Stop *Stop
	// UnknownAlias is the 1-based line of the first alias to the anchor
	// Count was asked about that has no anchor of that name before it, or
	// 0.
	UnknownAlias int
	// Reach is the 1-based line of the first token that starts after line
	// 1, or 0 when the pass stopped before one. A token that starts on line
	// 1 ends before it, so that a scanner error in such a token is found by
	// that line at the latest.
	Reach int
}

// Stop is a parser error as yaml.v3's parser makes it: the places it knows,
// which its message leaves out or words another way.
type Stop struct {
	// Problem is yaml.v3's message, such as "did not find expected key".
	Problem string
	// context is the start of the collection or node being parsed, when
	// the error has one; at is the token the parser stopped at.
	context, at mark
	hasContext  bool
	// AtEnd is set when that token is the end of the stream.
	AtEnd bool
}

// Line is the 1-based line of the token the parser stopped at.
func (e *Stop) Line() int { return e.at.line + 1 }

// Start is the 1-based line of the start of the collection or node being
// parsed, or 1 when the error has none.
func (e *Stop) Start() int { return e.context.line + 1 }

// YAMLLine is the line yaml.v3's message gives for e: the 0-based line of
// the context, or failing that of the token, or 0 for none (yaml.v3 leaves
// out a line 0). A caller matches e to yaml.v3's error by it and Problem.
func (e *Stop) YAMLLine() int {
	if e.hasContext && e.context.line != 0 {
		return e.context.line
	}
	return e.at.line
}

// mark is a place in the stream as yaml.v3 counts it: characters from the
// start, 0-based line, and column in characters.
type mark struct{ index, line, column int }

type tokenKind uint8

const (
	tStreamStart tokenKind = iota
	tStreamEnd
	tVersionDirective
	tTagDirective
	tDocumentStart
	tDocumentEnd
	tBlockSequenceStart
	tBlockMappingStart
	tBlockEnd
	tFlowSequenceStart
	tFlowSequenceEnd
	tFlowMappingStart
	tFlowMappingEnd
	tBlockEntry
	tFlowEntry
	tKey
	tValue
	tAlias
	tAnchor
	tTag
	tScalar
)

type token struct {
	kind  tokenKind
	start mark
	// name is where an anchor's or alias's name is in the data.
	nameFrom, nameTo int
}

type simpleKey struct {
	possible, required bool
	number             int // the token's number in the stream
	m                  mark
}

// utf8BOM is the UTF-8 byte order mark, which yaml.v3 skips at the start.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// yaml.v3's limits on nesting (max_flow_level and max_indents).
const maxYAMLDepth = 10000

// scanner mirrors yaml.v3's scanner (scannerc.go), without values.
type scanner struct {
	data []byte
	pos  int
	m    mark

	tokens    []token
	head      int
	parsed    int // tokens_parsed
	available bool
	started   bool

	indent   int
	indents  []int
	allowed  bool // simple_key_allowed
	keys     []simpleKey
	keyByTok map[int]int
	flow     int
	// deep is set when the nesting passed yaml.v3's limit, where it stops.
	deep bool
	// reach is Shape.Reach, 0-based.
	reach int
}

func (s *scanner) c(i int) byte {
	if p := s.pos + i; p < len(s.data) {
		return s.data[p]
	}
	return 0
}

func isBlank(c byte) bool  { return c == ' ' || c == '\t' }
func isBreak(c byte) bool  { return c == '\r' || c == '\n' }
func isBlankz(c byte) bool { return isBlank(c) || isBreak(c) || c == 0 }
func isBreakz(c byte) bool { return isBreak(c) || c == 0 }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isAlpha(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-'
}

// skip moves past one character.
func (s *scanner) skip() {
	if s.pos >= len(s.data) {
		return
	}
	switch b := s.data[s.pos]; {
	case b < 0x80:
		s.pos++
	case b&0xE0 == 0xC0:
		s.pos += 2
	case b&0xF0 == 0xE0:
		s.pos += 3
	default:
		s.pos += 4
	}
	s.pos = min(s.pos, len(s.data))
	s.m.index++
	s.m.column++
}

// skipLine moves past one line break, CRLF being one.
func (s *scanner) skipLine() {
	switch {
	case s.c(0) == '\r' && s.c(1) == '\n':
		s.pos += 2
		s.m.index += 2
	case isBreak(s.c(0)):
		s.pos++
		s.m.index++
	default:
		return
	}
	s.m.column = 0
	s.m.line++
}

func (s *scanner) insert(pos int, t token) {
	if t.start.line > 0 && (s.reach == 0 || t.start.line < s.reach) {
		s.reach = t.start.line
	}
	if s.head > 0 && s.head == len(s.tokens) {
		s.tokens, s.head = s.tokens[:0], 0
	} else if s.head > 64 && s.head > len(s.tokens)/2 {
		n := copy(s.tokens, s.tokens[s.head:])
		s.tokens, s.head = s.tokens[:n], 0
	}
	s.tokens = append(s.tokens, t)
	if pos < 0 {
		return
	}
	copy(s.tokens[s.head+pos+1:], s.tokens[s.head+pos:])
	s.tokens[s.head+pos] = t
}

// fetchMore makes sure the head of the queue can be handed to the parser:
// yaml.v3 keeps two tokens beyond it (for comments), and more while the head
// may still turn out to be a simple key. It returns false where yaml.v3
// gives up.
func (s *scanner) fetchMore() bool {
	for {
		if s.head < len(s.tokens)-2 {
			i, ok := s.keyByTok[s.parsed]
			if !ok || !s.keyValid(&s.keys[i]) {
				break
			}
		}
		if !s.fetchNext() {
			return false
		}
	}
	s.available = true
	return true
}

// keyValid reports whether k may still be a simple key: on the current line
// and at most 1024 characters back. (yaml.v3 fails when a required one is
// not; this pass carries on.)
func (s *scanner) keyValid(k *simpleKey) bool {
	if !k.possible {
		return false
	}
	if k.m.line < s.m.line || k.m.index+1024 < s.m.index {
		k.possible = false
		return false
	}
	return true
}

func (s *scanner) fetchNext() bool {
	if !s.started {
		if bytes.HasPrefix(s.data, utf8BOM) {
			s.pos = len(utf8BOM) // yaml.v3's reader takes it, uncounted
		}
		s.indent = -1
		s.keys = append(s.keys, simpleKey{})
		s.keyByTok = map[int]int{}
		s.allowed = true
		s.started = true
		s.insert(-1, token{kind: tStreamStart, start: s.m})
		return true
	}
	s.scanToNextToken()
	s.unrollIndent(s.m.column)
	if s.pos >= len(s.data) {
		if s.m.column != 0 {
			s.m.column = 0
			s.m.line++
		}
		s.unrollIndent(-1)
		s.removeSimpleKey()
		s.allowed = false
		s.insert(-1, token{kind: tStreamEnd, start: s.m})
		return true
	}
	c := s.c(0)
	if s.m.column == 0 && c == '%' {
		s.unrollIndent(-1)
		s.removeSimpleKey()
		s.allowed = false
		kind := tTagDirective
		if s.pos+5 <= len(s.data) && string(s.data[s.pos:s.pos+5]) == "%YAML" {
			kind = tVersionDirective
		}
		start := s.m
		for !isBreakz(s.c(0)) {
			s.skip()
		}
		s.skipLine()
		s.insert(-1, token{kind: kind, start: start})
		return true
	}
	if s.m.column == 0 && (c == '-' || c == '.') && s.c(1) == c && s.c(2) == c && isBlankz(s.c(3)) {
		s.unrollIndent(-1)
		s.removeSimpleKey()
		s.allowed = false
		start := s.m
		s.skip()
		s.skip()
		s.skip()
		kind := tDocumentStart
		if c == '.' {
			kind = tDocumentEnd
		}
		s.insert(-1, token{kind: kind, start: start})
		return true
	}
	switch {
	case c == '[' || c == '{':
		s.saveSimpleKey()
		s.keys = append(s.keys, simpleKey{number: s.parsed + len(s.tokens) - s.head, m: s.m})
		s.flow++
		if s.flow > maxYAMLDepth {
			s.deep = true
			return false
		}
		s.allowed = true
		kind := tFlowSequenceStart
		if c == '{' {
			kind = tFlowMappingStart
		}
		s.simple(kind)
	case c == ']' || c == '}':
		s.removeSimpleKey()
		if s.flow > 0 {
			s.flow--
			last := len(s.keys) - 1
			delete(s.keyByTok, s.keys[last].number)
			s.keys = s.keys[:last]
		}
		s.allowed = false
		kind := tFlowSequenceEnd
		if c == '}' {
			kind = tFlowMappingEnd
		}
		s.simple(kind)
	case c == ',':
		s.removeSimpleKey()
		s.allowed = true
		s.simple(tFlowEntry)
	case c == '-' && isBlankz(s.c(1)):
		if s.flow == 0 && !s.rollIndent(s.m.column, -1, tBlockSequenceStart, s.m) {
			return false
		}
		s.removeSimpleKey()
		s.allowed = true
		s.simple(tBlockEntry)
	case c == '?' && (s.flow > 0 || isBlankz(s.c(1))):
		if s.flow == 0 && !s.rollIndent(s.m.column, -1, tBlockMappingStart, s.m) {
			return false
		}
		s.removeSimpleKey()
		s.allowed = s.flow == 0
		s.simple(tKey)
	case c == ':' && (s.flow > 0 || isBlankz(s.c(1))):
		k := &s.keys[len(s.keys)-1]
		if s.keyValid(k) {
			s.insert(k.number-s.parsed, token{kind: tKey, start: k.m})
			if !s.rollIndent(k.m.column, k.number, tBlockMappingStart, k.m) {
				return false
			}
			k.possible = false
			delete(s.keyByTok, k.number)
			s.allowed = false
		} else {
			if s.flow == 0 && !s.rollIndent(s.m.column, -1, tBlockMappingStart, s.m) {
				return false
			}
			s.allowed = s.flow == 0
		}
		s.simple(tValue)
	case c == '*' || c == '&':
		s.saveSimpleKey()
		s.allowed = false
		t := token{kind: tAlias, start: s.m}
		if c == '&' {
			t.kind = tAnchor
		}
		s.skip()
		t.nameFrom = s.pos
		for isAlpha(s.c(0)) {
			s.skip()
		}
		t.nameTo = s.pos
		s.insert(-1, t)
	case c == '!':
		// A tag runs to the next blank, or yaml.v3 fails.
		s.saveSimpleKey()
		s.allowed = false
		start := s.m
		for !isBlankz(s.c(0)) {
			s.skip()
		}
		s.insert(-1, token{kind: tTag, start: start})
	case (c == '|' || c == '>') && s.flow == 0:
		s.removeSimpleKey()
		s.allowed = true
		start := s.m
		s.blockScalar()
		s.insert(-1, token{kind: tScalar, start: start})
	case c == '\'' || c == '"':
		s.saveSimpleKey()
		s.allowed = false
		start := s.m
		s.quotedScalar(c == '\'')
		s.insert(-1, token{kind: tScalar, start: start})
	default:
		// A plain scalar, or a character that cannot start a token, where
		// yaml.v3 stops.
		s.saveSimpleKey()
		s.allowed = false
		start := s.m
		s.plainScalar()
		if s.m.index == start.index {
			s.skip() // a NUL byte, which problems refuses before this pass
		}
		s.insert(-1, token{kind: tScalar, start: start})
	}
	return true
}

// simple adds a one-character token.
func (s *scanner) simple(kind tokenKind) {
	start := s.m
	s.skip()
	s.insert(-1, token{kind: kind, start: start})
}

// scanToNextToken skips blanks, comments and line breaks. yaml.v3 refuses a
// tab in some of those places; this pass skips it.
func (s *scanner) scanToNextToken() {
	for {
		// yaml.v3 means to skip a byte order mark that starts a line, but
		// looks for it at the start of its buffer instead (is_bom): problems
		// refuses a file with a mark after its start.
		for isBlank(s.c(0)) {
			s.skip()
		}
		if s.c(0) == '#' {
			for !isBreakz(s.c(0)) {
				s.skip()
			}
		}
		if !isBreak(s.c(0)) {
			return
		}
		s.skipLine()
		if s.flow == 0 {
			s.allowed = true
		}
	}
}

func (s *scanner) saveSimpleKey() {
	if !s.allowed {
		return
	}
	k := simpleKey{
		possible: true,
		required: s.flow == 0 && s.indent == s.m.column,
		number:   s.parsed + len(s.tokens) - s.head,
		m:        s.m,
	}
	s.removeSimpleKey()
	s.keys[len(s.keys)-1] = k
	s.keyByTok[k.number] = len(s.keys) - 1
}

func (s *scanner) removeSimpleKey() {
	k := &s.keys[len(s.keys)-1]
	if k.possible {
		k.possible = false
		delete(s.keyByTok, k.number)
	}
}

// rollIndent opens a block collection at column if it is deeper than the
// current one. It returns false past yaml.v3's nesting limit.
func (s *scanner) rollIndent(column, number int, kind tokenKind, m mark) bool {
	if s.flow > 0 || s.indent >= column {
		return true
	}
	s.indents = append(s.indents, s.indent)
	s.indent = column
	if len(s.indents) > maxYAMLDepth {
		s.deep = true
		return false
	}
	if number > -1 {
		number -= s.parsed
	}
	s.insert(number, token{kind: kind, start: m})
	return true
}

// unrollIndent closes the block collections deeper than column.
func (s *scanner) unrollIndent(column int) {
	if s.flow > 0 {
		return
	}
	for s.indent > column {
		s.insert(-1, token{kind: tBlockEnd, start: s.m})
		s.indent = s.indents[len(s.indents)-1]
		s.indents = s.indents[:len(s.indents)-1]
	}
}

// blockScalar moves past a | or > scalar: its header line, then the lines
// indented at least as deep as its first line, or as its indentation
// indicator says.
func (s *scanner) blockScalar() {
	s.skip()
	increment := 0
	if c := s.c(0); c == '+' || c == '-' {
		s.skip()
		if isDigit(s.c(0)) {
			increment = int(s.c(0) - '0')
			s.skip()
		}
	} else if isDigit(c) {
		increment = int(c - '0')
		s.skip()
		if c := s.c(0); c == '+' || c == '-' {
			s.skip()
		}
	}
	for !isBreakz(s.c(0)) { // blanks, a comment, or junk where yaml.v3 fails
		s.skip()
	}
	s.skipLine()
	indent := 0
	if increment > 0 {
		indent = increment
		if s.indent >= 0 {
			indent += s.indent
		}
	}
	s.blockBreaks(&indent)
	for s.m.column == indent && s.pos < len(s.data) {
		for !isBreakz(s.c(0)) {
			s.skip()
		}
		s.skipLine()
		s.blockBreaks(&indent)
	}
}

func (s *scanner) blockBreaks(indent *int) {
	maxIndent := 0
	for {
		for (*indent == 0 || s.m.column < *indent) && s.c(0) == ' ' {
			s.skip()
		}
		maxIndent = max(maxIndent, s.m.column)
		if !isBreak(s.c(0)) { // also a tab, where yaml.v3 fails
			break
		}
		s.skipLine()
	}
	if *indent == 0 {
		*indent = max(maxIndent, s.indent+1, 1)
	}
}

// quotedScalar moves past a quoted scalar.
func (s *scanner) quotedScalar(single bool) {
	s.skip()
	for s.pos < len(s.data) {
		for !isBlankz(s.c(0)) {
			c := s.c(0)
			if single && c == '\'' && s.c(1) == '\'' {
				s.skip()
				s.skip()
			} else if single && c == '\'' || !single && c == '"' {
				break
			} else if !single && c == '\\' && isBreak(s.c(1)) {
				s.skip()
				s.skipLine()
				break
			} else if !single && c == '\\' {
				n := 0
				switch s.c(1) {
				case 'x':
					n = 2
				case 'u':
					n = 4
				case 'U':
					n = 8
				}
				s.skip()
				s.skip()
				for ; n > 0 && isHex(s.c(0)); n-- {
					s.skip()
				}
			} else {
				s.skip()
			}
		}
		if c := s.c(0); single && c == '\'' || !single && c == '"' {
			s.skip()
			return
		}
		for isBlank(s.c(0)) || isBreak(s.c(0)) {
			if isBlank(s.c(0)) {
				s.skip()
			} else {
				s.skipLine()
			}
		}
	}
}

// plainScalar moves past a plain scalar, which may go on over lines.
func (s *scanner) plainScalar() {
	indent := s.indent + 1
	leadingBlanks := false
	for {
		if c := s.c(0); s.m.column == 0 && (c == '-' || c == '.') && s.c(1) == c && s.c(2) == c && isBlankz(s.c(3)) {
			break
		}
		if s.c(0) == '#' {
			break
		}
		for !isBlankz(s.c(0)) {
			c := s.c(0)
			if c == ':' && isBlankz(s.c(1)) ||
				s.flow > 0 && (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}') {
				break
			}
			leadingBlanks = false
			s.skip()
		}
		if c := s.c(0); !isBlank(c) && !isBreak(c) {
			break
		}
		for c := s.c(0); isBlank(c) || isBreak(c); c = s.c(0) {
			if isBlank(c) {
				s.skip()
			} else {
				s.skipLine()
				leadingBlanks = true
			}
		}
		if s.flow == 0 && s.m.column < indent {
			break
		}
	}
	if leadingBlanks {
		s.allowed = true
	}
}

// The parser's states (parserc.go).
const (
	psStreamStart = iota
	psImplicitDocumentStart
	psDocumentStart
	psDocumentContent
	psDocumentEnd
	psBlockNode
	psBlockNodeOrIndentlessSequence
	psFlowNode
	psBlockSequenceFirstEntry
	psBlockSequenceEntry
	psIndentlessSequenceEntry
	psBlockMappingFirstKey
	psBlockMappingKey
	psBlockMappingValue
	psFlowSequenceFirstEntry
	psFlowSequenceEntry
	psFlowSequenceEntryMappingKey
	psFlowSequenceEntryMappingValue
	psFlowSequenceEntryMappingEnd
	psFlowMappingFirstKey
	psFlowMappingKey
	psFlowMappingValue
	psFlowMappingEmptyValue
	psEnd
)

// event is what a parser step produced, for counting.
type event uint8

const (
	evOther event = iota
	evNode        // a document, scalar, alias, sequence or mapping: one yaml.Node
	evDocumentEnd
	evStreamEnd
)

// parser mirrors yaml.v3's parser (parserc.go) over the scanner's tokens.
type parser struct {
	s      *scanner
	state  int
	states []int
	marks  []mark
	err    *Stop
	// at is the place of the last event.
	at mark
	// alias is the anchor name asked about, and defined whether an anchor
	// of that name was seen; aliasLine is the first alias to it before
	// that, 1-based.
	alias     string
	defined   bool
	aliasLine int
}

func (p *parser) peek() *token {
	if !p.s.available && !p.s.fetchMore() {
		return nil
	}
	return &p.s.tokens[p.s.head]
}

func (p *parser) skipToken() {
	p.s.available = false
	p.s.parsed++
	p.s.head++
}

func (p *parser) pop() {
	p.state = p.states[len(p.states)-1]
	p.states = p.states[:len(p.states)-1]
}

func (p *parser) popMark() mark {
	m := p.marks[len(p.marks)-1]
	p.marks = p.marks[:len(p.marks)-1]
	return m
}

func (p *parser) fail(problem string, context mark, hasContext bool, t *token) {
	p.err = &Stop{Problem: problem, context: context, hasContext: hasContext, at: t.start, AtEnd: t.kind == tStreamEnd}
}

// step runs the parser to its next event; ok is false when it stops.
func (p *parser) step() (ev event, ok bool) {
	switch p.state {
	case psStreamStart:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		p.state = psImplicitDocumentStart
		p.skipToken()
		return evOther, true
	case psImplicitDocumentStart, psDocumentStart:
		return p.documentStart(p.state == psImplicitDocumentStart)
	case psDocumentContent:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		switch t.kind {
		case tVersionDirective, tTagDirective, tDocumentStart, tDocumentEnd, tStreamEnd:
			p.pop()
			p.at = t.start
			return evNode, true // an empty scalar
		}
		return p.node(true, false)
	case psDocumentEnd:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		if t.kind == tDocumentEnd {
			p.skipToken()
		}
		p.state = psDocumentStart
		return evDocumentEnd, true
	case psBlockNode:
		return p.node(true, false)
	case psBlockNodeOrIndentlessSequence:
		return p.node(true, true)
	case psFlowNode:
		return p.node(false, false)
	case psBlockSequenceFirstEntry, psBlockSequenceEntry:
		return p.blockSequenceEntry(p.state == psBlockSequenceFirstEntry)
	case psIndentlessSequenceEntry:
		return p.indentlessSequenceEntry()
	case psBlockMappingFirstKey, psBlockMappingKey:
		return p.blockMappingKey(p.state == psBlockMappingFirstKey)
	case psBlockMappingValue:
		return p.blockMappingValue()
	case psFlowSequenceFirstEntry, psFlowSequenceEntry:
		return p.flowSequenceEntry(p.state == psFlowSequenceFirstEntry)
	case psFlowSequenceEntryMappingKey:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		if t.kind != tValue && t.kind != tFlowEntry && t.kind != tFlowSequenceEnd {
			p.states = append(p.states, psFlowSequenceEntryMappingValue)
			return p.node(false, false)
		}
		p.at = t.start
		p.skipToken() // as yaml.v3 does: it skips the token it found instead of a key
		p.state = psFlowSequenceEntryMappingValue
		return evNode, true
	case psFlowSequenceEntryMappingValue:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		if t.kind == tValue {
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
			if t.kind != tFlowEntry && t.kind != tFlowSequenceEnd {
				p.states = append(p.states, psFlowSequenceEntryMappingEnd)
				return p.node(false, false)
			}
		}
		p.state = psFlowSequenceEntryMappingEnd
		p.at = t.start
		return evNode, true
	case psFlowSequenceEntryMappingEnd:
		if p.peek() == nil {
			return 0, false
		}
		p.state = psFlowSequenceEntry
		return evOther, true
	case psFlowMappingFirstKey, psFlowMappingKey:
		return p.flowMappingKey(p.state == psFlowMappingFirstKey)
	case psFlowMappingValue, psFlowMappingEmptyValue:
		t := p.peek()
		if t == nil {
			return 0, false
		}
		if p.state == psFlowMappingValue && t.kind == tValue {
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
			if t.kind != tFlowEntry && t.kind != tFlowMappingEnd {
				p.states = append(p.states, psFlowMappingKey)
				return p.node(false, false)
			}
		}
		p.state = psFlowMappingKey
		p.at = t.start
		return evNode, true
	}
	return 0, false // psEnd
}

func (p *parser) documentStart(implicit bool) (event, bool) {
	t := p.peek()
	if t == nil {
		return 0, false
	}
	if !implicit {
		for t.kind == tDocumentEnd {
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
		}
	}
	switch {
	case implicit && t.kind != tVersionDirective && t.kind != tTagDirective && t.kind != tDocumentStart && t.kind != tStreamEnd:
		p.states = append(p.states, psDocumentEnd)
		p.state = psBlockNode
		p.at = t.start
		return evNode, true // the document
	case t.kind != tStreamEnd:
		for t.kind == tVersionDirective || t.kind == tTagDirective {
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
		}
		if t.kind != tDocumentStart {
			p.fail("did not find expected <document start>", mark{}, false, t)
			return 0, false
		}
		p.states = append(p.states, psDocumentEnd)
		p.state = psDocumentContent
		p.at = t.start
		p.skipToken()
		return evNode, true // the document
	}
	p.state = psEnd
	p.skipToken()
	return evStreamEnd, true
}

// node parses a node's properties and the start of its content.
func (p *parser) node(block, indentless bool) (event, bool) {
	t := p.peek()
	if t == nil {
		return 0, false
	}
	p.at = t.start
	if t.kind == tAlias {
		if p.alias != "" && !p.defined && p.aliasLine == 0 && string(p.s.data[t.nameFrom:t.nameTo]) == p.alias {
			p.aliasLine = t.start.line + 1
		}
		p.pop()
		p.skipToken()
		return evNode, true
	}
	start := t.start
	properties := false
	var prev tokenKind
	for i := 0; i < 2 && (t.kind == tAnchor || t.kind == tTag); i++ {
		if i == 1 && t.kind == prev {
			break // yaml.v3 takes an anchor then a tag, or a tag then an anchor
		}
		prev = t.kind
		if t.kind == tAnchor && p.alias != "" && string(p.s.data[t.nameFrom:t.nameTo]) == p.alias {
			p.defined = true
		}
		properties = true
		p.skipToken()
		if t = p.peek(); t == nil {
			return 0, false
		}
	}
	switch {
	case indentless && t.kind == tBlockEntry:
		p.state = psIndentlessSequenceEntry
		return evNode, true
	case t.kind == tScalar:
		p.pop()
		p.skipToken()
		return evNode, true
	case t.kind == tFlowSequenceStart:
		p.state = psFlowSequenceFirstEntry
		return evNode, true
	case t.kind == tFlowMappingStart:
		p.state = psFlowMappingFirstKey
		return evNode, true
	case block && t.kind == tBlockSequenceStart:
		p.state = psBlockSequenceFirstEntry
		return evNode, true
	case block && t.kind == tBlockMappingStart:
		p.state = psBlockMappingFirstKey
		return evNode, true
	case properties:
		p.pop()
		return evNode, true // an empty scalar with an anchor or a tag
	}
	p.fail("did not find expected node content", start, true, t)
	return 0, false
}

func (p *parser) blockSequenceEntry(first bool) (event, bool) {
	if first {
		t := p.peek()
		if t == nil {
			return 0, false
		}
		p.marks = append(p.marks, t.start)
		p.skipToken()
	}
	t := p.peek()
	if t == nil {
		return 0, false
	}
	switch t.kind {
	case tBlockEntry:
		p.skipToken()
		if t = p.peek(); t == nil {
			return 0, false
		}
		if t.kind != tBlockEntry && t.kind != tBlockEnd {
			p.states = append(p.states, psBlockSequenceEntry)
			return p.node(true, false)
		}
		p.state = psBlockSequenceEntry
		p.at = t.start
		return evNode, true
	case tBlockEnd:
		p.pop()
		p.popMark()
		p.skipToken()
		return evOther, true
	}
	p.fail("did not find expected '-' indicator", p.popMark(), true, t)
	return 0, false
}

func (p *parser) indentlessSequenceEntry() (event, bool) {
	t := p.peek()
	if t == nil {
		return 0, false
	}
	if t.kind == tBlockEntry {
		p.skipToken()
		if t = p.peek(); t == nil {
			return 0, false
		}
		if t.kind != tBlockEntry && t.kind != tKey && t.kind != tValue && t.kind != tBlockEnd {
			p.states = append(p.states, psIndentlessSequenceEntry)
			return p.node(true, false)
		}
		p.state = psIndentlessSequenceEntry
		p.at = t.start
		return evNode, true
	}
	p.pop()
	return evOther, true
}

func (p *parser) blockMappingKey(first bool) (event, bool) {
	if first {
		t := p.peek()
		if t == nil {
			return 0, false
		}
		p.marks = append(p.marks, t.start)
		p.skipToken()
	}
	t := p.peek()
	if t == nil {
		return 0, false
	}
	switch t.kind {
	case tKey:
		p.skipToken()
		if t = p.peek(); t == nil {
			return 0, false
		}
		if t.kind != tKey && t.kind != tValue && t.kind != tBlockEnd {
			p.states = append(p.states, psBlockMappingValue)
			return p.node(true, true)
		}
		p.state = psBlockMappingValue
		p.at = t.start
		return evNode, true
	case tBlockEnd:
		p.pop()
		p.popMark()
		p.skipToken()
		return evOther, true
	}
	p.fail("did not find expected key", p.popMark(), true, t)
	return 0, false
}

func (p *parser) blockMappingValue() (event, bool) {
	t := p.peek()
	if t == nil {
		return 0, false
	}
	if t.kind == tValue {
		p.skipToken()
		if t = p.peek(); t == nil {
			return 0, false
		}
		if t.kind != tKey && t.kind != tValue && t.kind != tBlockEnd {
			p.states = append(p.states, psBlockMappingKey)
			return p.node(true, true)
		}
	}
	p.state = psBlockMappingKey
	p.at = t.start
	return evNode, true
}

func (p *parser) flowSequenceEntry(first bool) (event, bool) {
	if first {
		t := p.peek()
		if t == nil {
			return 0, false
		}
		p.marks = append(p.marks, t.start)
		p.skipToken()
	}
	t := p.peek()
	if t == nil {
		return 0, false
	}
	if t.kind != tFlowSequenceEnd {
		if !first {
			if t.kind != tFlowEntry {
				p.fail("did not find expected ',' or ']'", p.popMark(), true, t)
				return 0, false
			}
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
		}
		if t.kind == tKey {
			p.state = psFlowSequenceEntryMappingKey
			p.at = t.start
			p.skipToken()
			return evNode, true // a single-pair mapping
		}
		if t.kind != tFlowSequenceEnd {
			p.states = append(p.states, psFlowSequenceEntry)
			return p.node(false, false)
		}
	}
	p.pop()
	p.popMark()
	p.skipToken()
	return evOther, true
}

func (p *parser) flowMappingKey(first bool) (event, bool) {
	if first {
		t := p.peek()
		if t == nil {
			return 0, false
		}
		p.marks = append(p.marks, t.start)
		p.skipToken()
	}
	t := p.peek()
	if t == nil {
		return 0, false
	}
	if t.kind != tFlowMappingEnd {
		if !first {
			if t.kind != tFlowEntry {
				p.fail("did not find expected ',' or '}'", p.popMark(), true, t)
				return 0, false
			}
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
		}
		if t.kind == tKey {
			p.skipToken()
			if t = p.peek(); t == nil {
				return 0, false
			}
			if t.kind != tValue && t.kind != tFlowEntry && t.kind != tFlowMappingEnd {
				p.states = append(p.states, psFlowMappingValue)
				return p.node(false, false)
			}
			p.state = psFlowMappingValue
			p.at = t.start
			return evNode, true
		}
		if t.kind != tFlowMappingEnd {
			p.states = append(p.states, psFlowMappingEmptyValue)
			return p.node(false, false)
		}
	}
	p.pop()
	p.popMark()
	p.skipToken()
	return evOther, true
}

// Count runs the pass over data as far as a reader of one document has
// yaml.v3 read it, the first two documents, stopping once the node count
// passes limit. alias, when not "", is an anchor name yaml.v3 found an alias
// to and no anchor for: the pass then finds that alias's line. Count has no
// errors of its own: what it finds is in the Shape. It keeps no state and is
// safe for concurrent use.
func Count(data []byte, limit int, alias string) Shape {
	p := &parser{s: &scanner{data: data}, alias: alias}
	var sh Shape
	documents := 0
	for {
		ev, ok := p.step()
		if !ok {
			break
		}
		if ev == evNode {
			sh.Nodes++
			if sh.Nodes > limit {
				sh.Over = p.at.line + 1
				break
			}
		}
		if ev == evDocumentEnd {
			// A reader of one document reads two, the second to refuse it.
			if documents++; documents == 2 {
				break
			}
		}
		if ev == evStreamEnd || alias != "" && p.aliasLine > 0 {
			break
		}
	}
	sh.Stop = p.err
	sh.UnknownAlias = p.aliasLine
	if p.s.reach > 0 {
		sh.Reach = p.s.reach + 1
	}
	return sh
}
