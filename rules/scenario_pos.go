package rules

import (
	"strconv"
	"strings"
)

// keyPos is a 1-based line and column in a scenario file.
type keyPos struct{ line, col int }

// keyPositions maps a key path to where it is written, so that problems
// found after decoding can name a line. Paths look like
//
//	"name"                      a top-level key
//	"victory"                   the [victory] header; "victory.losses" its key
//	"side#2"                    the second [[side]] header (1-based)
//	"side#2.unit#1.figure#3.pos"
//
// The TOML library has already accepted the text, so this scanner only
// needs to follow valid TOML: it steps over strings (including multi-line
// ones) and the insides of arrays and inline tables. Keys inside inline
// tables are not recorded; lookups fall back to the enclosing path.
type keyPositions map[string]keyPos

func (kp keyPositions) find(path string) keyPos {
	for path != "" {
		if p, ok := kp[path]; ok {
			return p
		}
		cut := strings.LastIndexAny(path, ".#")
		if cut < 0 {
			break
		}
		path = path[:cut]
	}
	return keyPos{}
}

func scanKeyPositions(src string) keyPositions {
	kp := keyPositions{}
	counts := map[string]int{} // plain array-of-tables path -> elements seen
	ctx := ""
	depth := 0
	line, start := 1, 0
	atLineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
			start = i
			atLineStart = depth == 0
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			i, line, start = stepString(src, i, line, start)
			atLineStart = false
		case atLineStart && c == '[':
			col := i - start + 1
			double := strings.HasPrefix(src[i:], "[[")
			j := strings.IndexByte(src[i:], ']')
			if j < 0 {
				return kp
			}
			name := strings.TrimSpace(strings.Trim(src[i:i+j], "[ \t"))
			parts := strings.Split(name, ".")
			ctx = ""
			plain := ""
			for k, p := range parts {
				p = strings.Trim(strings.TrimSpace(p), `"'`)
				if k > 0 {
					plain += "."
					ctx += "."
				}
				plain += p
				ctx += p
				if double && k == len(parts)-1 {
					counts[plain]++
				}
				if n := counts[plain]; n > 0 {
					ctx += "#" + strconv.Itoa(n)
				}
			}
			kp[ctx] = keyPos{line, col}
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case atLineStart:
			col := i - start + 1
			j := i
			for j < len(src) && src[j] != '=' && src[j] != '\n' {
				j++
			}
			key := strings.TrimSpace(src[i:j])
			key = strings.ReplaceAll(key, " ", "")
			key = strings.ReplaceAll(key, `"`, "")
			if ctx != "" {
				key = ctx + "." + key
			}
			if _, seen := kp[key]; !seen {
				kp[key] = keyPos{line, col}
			}
			atLineStart = false
			i = j
		case c == '[' || c == '{':
			depth++
			i++
		case c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
			i++
		default:
			i++
		}
	}
	return kp
}

// stepString steps over a string starting at i, counting lines.
func stepString(src string, i, line, start int) (int, int, int) {
	q := src[i]
	if strings.HasPrefix(src[i:], string([]byte{q, q, q})) {
		i += 3
		for i < len(src) {
			switch {
			case q == '"' && src[i] == '\\' && i+1 < len(src):
				if src[i+1] == '\n' {
					line++
					start = i + 2
				}
				i += 2
			case src[i] == '\n':
				line++
				i++
				start = i
			case strings.HasPrefix(src[i:], string([]byte{q, q, q})):
				i += 3
				for k := 0; k < 2 && i < len(src) && src[i] == q; k++ {
					i++
				}
				return i, line, start
			default:
				i++
			}
		}
		return i, line, start
	}
	for i++; i < len(src) && src[i] != '\n'; i++ {
		if q == '"' && src[i] == '\\' {
			i++
			continue
		}
		if src[i] == q {
			return i + 1, line, start
		}
	}
	return i, line, start
}
