package terrain

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Limits on the text a map, scenario or save may hold, in characters
// (runes), not bytes: a name of 80 "é" is as long as a name of 80 "e".
const (
	MaxNameChars        = 80    // a map's, piece's, area's, side's, unit's or figure's name
	MaxDescriptionChars = 20000 // a map's description or a scenario's briefing
)

// TextProblem says in plain words what is wrong with the text s of key
// ("" when nothing is): not UTF-8, longer than max characters, or holding
// a control character (a multi-line text may hold line breaks and tabs).
// A control character in a name could retitle or clear the terminal it
// is printed on, so none is let in.
func TextProblem(key, s string, max int, multiline bool) string {
	if !utf8.ValidString(s) {
		return fmt.Sprintf("%s is not valid UTF-8 text", key)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Sprintf("%s is %d characters long; at most %d are allowed", key, n, max)
	}
	for i, r := range s {
		if multiline && (r == '\n' || r == '\t' || r == '\r') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) && r != '\u200d' {
			return fmt.Sprintf("%s holds a control character (U+%04X) after %d characters; only printable text is allowed", key, r, utf8.RuneCountInString(s[:i]))
		}
	}
	return ""
}
