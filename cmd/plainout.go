package cmd

import (
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// plainWriter passes text on with every control character (but line
// breaks and tabs), bidirectional override and invalid byte written as a
// visible escape (\x1b, \u202e), so nothing a file holds can retitle,
// clear or rewrite the terminal a subcommand prints to. Every
// subcommand's output goes through one.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) {
	clean := true
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if needsEscape(r, n) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return p.w.Write(b)
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			out = fmt.Appendf(out, `\x%02x`, b[i])
		case needsEscape(r, n) && r < 0x80:
			out = fmt.Appendf(out, `\x%02x`, r)
		case needsEscape(r, n):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

func needsEscape(r rune, n int) bool {
	if r == utf8.RuneError && n <= 1 {
		return true
	}
	if r == '\n' || r == '\t' {
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}
