// Package tomlpos finds where keys, table headers and list items sit in a
// TOML file's text, and bounds the file's shape before a TOML decoder sees
// it. The map loader (rules/terrain) and the scenario loader (rules) share
// it: the TOML library keeps key positions to itself, so without this a
// problem found after decoding could not name its line.
//
// Scan is one pass over the text, linear in its length: it never rebuilds
// a path per part, and it keeps array-of-tables counts in a tree walked
// part by part. It refuses, at the line where they happen, shapes that a
// decoder handles in worse than linear time or memory: values nested
// deeper than Limits.Depth, keys of more than Limits.KeyParts dotted parts
// and lines longer than Limits.LineBytes.
//
// Paths recorded (1-based counts of [[...]] headers, counted through the
// whole file, 0-based list items):
//
//	"name"                  a top-level key
//	"table"                 the [table] header; "table.width" its key
//	"terrain#3"             the third [[terrain]] header
//	"terrain#3.points"      a key of that table
//	"terrain#3.points[2]"   the third item that is itself a list or inline
//	                        table in that key's value
//
// Keys inside inline tables are not recorded; Find falls back to the
// nearest enclosing path that is.
package tomlpos

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits bound a file's shape. Each is far above anything a real map or
// scenario needs.
type Limits struct {
	Depth     int // nesting of lists and inline tables inside one value
	KeyParts  int // dotted parts in one key or table header
	LineBytes int // bytes on one line
}

// Default limits: a map's points are nested two deep and its keys have at
// most two parts; a 500-point outline on one line is about 10 KB.
var Default = Limits{Depth: 16, KeyParts: 16, LineBytes: 64 << 10}

// Pos is a 1-based line and column (in bytes); 0 means unknown.
type Pos struct{ Line, Col int }

// LimitError is a shape the limits refuse, at its place in the text.
type LimitError struct {
	Pos
	Msg string
}

func (e *LimitError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Index records where things are written.
type Index struct {
	keys  map[string]Pos
	items map[string][]Pos // key path -> its value's list/table items
}

// Find returns the position of path, or of the nearest enclosing path
// recorded (cutting at the last '.', '#' or '['), or the zero Pos.
func (ix *Index) Find(path string) Pos {
	if ix == nil {
		return Pos{}
	}
	for path != "" {
		if p, ok := ix.keys[path]; ok {
			return p
		}
		if strings.HasSuffix(path, "]") {
			if open := strings.LastIndexByte(path, '['); open > 0 {
				if n, err := strconv.Atoi(path[open+1 : len(path)-1]); err == nil {
					if l := ix.items[path[:open]]; n >= 0 && n < len(l) {
						return l[n]
					}
				}
			}
		}
		cut := strings.LastIndexAny(path, ".#[")
		if cut < 0 {
			break
		}
		path = path[:cut]
	}
	return Pos{}
}

// node is one part of an array-of-tables path, with how many [[...]]
// headers have named exactly that path so far.
type node struct {
	count int
	kids  map[string]*node
}

func (n *node) kid(part string) *node {
	if n.kids == nil {
		n.kids = map[string]*node{}
	}
	k := n.kids[part]
	if k == nil {
		k = &node{}
		n.kids[part] = k
	}
	return k
}

// Scan reads src once, checking it against lim and recording positions.
// On a limit error the index is nil. Text that is not valid TOML is walked
// without harm (the decoder reports it); the index is then meaningless.
func Scan(src string, lim Limits) (*Index, error) {
	s := scanner{src: src, lim: lim, line: 1, ix: &Index{keys: map[string]Pos{}, items: map[string][]Pos{}}, root: &node{}}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.ix, nil
}

type scanner struct {
	src       string
	lim       Limits
	i         int
	line      int
	lineStart int
	ix        *Index
	root      *node
	stack     []byte // open '[' and '{' inside the current value
	expectKey bool   // at depth 0: the next bare text is a key
	inlineKey bool   // inside '{': the next bare text is a key
	ctx       string // current table path
	valKey    string // key whose value is being read
}

func (s *scanner) pos(at int) Pos { return Pos{s.line, at - s.lineStart + 1} }

func (s *scanner) fail(at int, format string, args ...any) error {
	return &LimitError{s.pos(at), fmt.Sprintf(format, args...)}
}

func (s *scanner) newline() error {
	if s.i-s.lineStart > s.lim.LineBytes {
		return s.fail(s.lineStart, "line %d is %d bytes long; at most %d are allowed on one line", s.line, s.i-s.lineStart, s.lim.LineBytes)
	}
	s.line++
	s.i++
	s.lineStart = s.i
	return nil
}

func (s *scanner) run() error {
	src := s.src
	n := len(src)
	s.expectKey = true
	for s.i < n {
		c := src[s.i]
		switch {
		case c == '\n':
			if err := s.newline(); err != nil {
				return err
			}
			if len(s.stack) == 0 {
				s.expectKey = true
			}
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
		case c == '#':
			for s.i < n && src[s.i] != '\n' {
				s.i++
			}
		case len(s.stack) == 0 && s.expectKey && c == '[':
			if err := s.header(); err != nil {
				return err
			}
		case len(s.stack) == 0 && s.expectKey:
			at := s.i
			parts, next, err := s.keyPath(s.i)
			if err != nil {
				return err
			}
			if next == s.i { // not a key: step over one byte
				s.i++
				continue
			}
			s.i = next
			if s.i < n && src[s.i] == '=' {
				s.i++
			}
			var b strings.Builder
			b.WriteString(s.ctx)
			for _, p := range parts {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(p)
				// a dotted key a.b = 1 writes a too, here: record
				// each part, so a problem with a is reported at
				// this key, not at the enclosing table
				if _, seen := s.ix.keys[b.String()]; !seen {
					s.ix.keys[b.String()] = s.pos(at)
				}
			}
			key := b.String()
			s.valKey = key
			s.expectKey = false
		case s.inlineKey && c != ',' && c != '}':
			_, next, err := s.keyPath(s.i)
			if err != nil {
				return err
			}
			s.inlineKey = false
			if next == s.i {
				s.i++
				continue
			}
			s.i = next
		case c == '"' || c == '\'':
			if err := s.skipString(); err != nil {
				return err
			}
		case c == '[' || c == '{':
			if len(s.stack) >= s.lim.Depth {
				return s.fail(s.i, "lists and tables are nested more than %d deep", s.lim.Depth)
			}
			s.stack = append(s.stack, c)
			if len(s.stack) == 2 && c == '[' && s.valKey != "" {
				s.ix.items[s.valKey] = append(s.ix.items[s.valKey], s.pos(s.i))
			}
			s.inlineKey = c == '{'
			s.i++
		case c == ']' || c == '}':
			if len(s.stack) > 0 {
				s.stack = s.stack[:len(s.stack)-1]
			}
			s.inlineKey = false
			s.i++
		case c == ',':
			s.inlineKey = len(s.stack) > 0 && s.stack[len(s.stack)-1] == '{'
			s.i++
		default:
			s.i++
		}
	}
	if s.i-s.lineStart > s.lim.LineBytes {
		return s.fail(s.lineStart, "line %d is %d bytes long; at most %d are allowed on one line", s.line, s.i-s.lineStart, s.lim.LineBytes)
	}
	return nil
}

// header reads a [table] or [[array]] header and makes it the context.
func (s *scanner) header() error {
	src := s.src
	at := s.i
	double := s.i+1 < len(src) && src[s.i+1] == '['
	if double {
		s.i += 2
	} else {
		s.i++
	}
	parts, next, err := s.keyPath(s.i)
	if err != nil {
		return err
	}
	s.i = next
	s.expectKey = false
	s.valKey = ""
	var b strings.Builder
	nd := s.root
	for k, p := range parts {
		nd = nd.kid(p)
		if double && k == len(parts)-1 {
			nd.count++
		}
		if k > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
		if nd.count > 0 {
			b.WriteByte('#')
			b.WriteString(strconv.Itoa(nd.count))
		}
		// [a.b] defines a as well: where a is first written
		if _, seen := s.ix.keys[b.String()]; !seen && k < len(parts)-1 {
			s.ix.keys[b.String()] = s.pos(at)
		}
	}
	s.ctx = b.String()
	s.ix.keys[s.ctx] = s.pos(at)
	// Skip the rest of the header line (closing brackets, comment).
	for s.i < len(src) && src[s.i] != '\n' {
		s.i++
	}
	return nil
}

// keyPath reads a (possibly dotted, possibly quoted) key starting at i
// and returns its parts and the index just after it (and any spaces).
func (s *scanner) keyPath(i int) ([]string, int, error) {
	src := s.src
	var parts []string
	n := len(src)
	for i < n {
		for i < n && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i >= n {
			break
		}
		if len(parts) >= s.lim.KeyParts {
			return nil, i, s.fail(i, "a key has more than %d dotted parts", s.lim.KeyParts)
		}
		c := src[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			var b []byte
			for j < n && src[j] != c && src[j] != '\n' {
				if c == '"' && src[j] == '\\' && j+1 < n {
					j++
				}
				b = append(b, src[j])
				j++
			}
			if j < n && src[j] == c {
				j++
			}
			parts = append(parts, string(b))
			i = j
		case isBareKeyByte(c):
			j := i
			for j < n && isBareKeyByte(src[j]) {
				j++
			}
			parts = append(parts, src[i:j])
			i = j
		default:
			return parts, i, nil
		}
		for i < n && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i < n && src[i] == '.' {
			i++
			continue
		}
		break
	}
	return parts, i, nil
}

func isBareKeyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// skipString steps over a basic, literal or multi-line string at s.i,
// counting the lines it spans.
func (s *scanner) skipString() error {
	src := s.src
	n := len(src)
	q := src[s.i]
	if s.i+2 < n && src[s.i+1] == q && src[s.i+2] == q {
		s.i += 3
		for s.i < n {
			switch {
			case q == '"' && src[s.i] == '\\' && s.i+1 < n && src[s.i+1] != '\n':
				s.i += 2
			case src[s.i] == '\n':
				if err := s.newline(); err != nil {
					return err
				}
			case s.i+2 < n && src[s.i] == q && src[s.i+1] == q && src[s.i+2] == q:
				s.i += 3
				// Up to two more quotes may belong to the content.
				for k := 0; k < 2 && s.i < n && src[s.i] == q; k++ {
					s.i++
				}
				return nil
			default:
				s.i++
			}
		}
		return nil
	}
	s.i++
	for s.i < n && src[s.i] != '\n' {
		switch {
		case q == '"' && src[s.i] == '\\' && s.i+1 < n && src[s.i+1] != '\n':
			s.i += 2
		case src[s.i] == q:
			s.i++
			return nil
		default:
			s.i++
		}
	}
	return nil
}
