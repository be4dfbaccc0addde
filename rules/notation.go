package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"hedgerow/rules/geom"
	"hedgerow/rules/safefile"
)

// Command notation
//
// Every command has a one-line text form, used by saves, by the odds and
// replay subcommands and by tests. The tokens are separated by single
// spaces and always come in this order:
//
//	VERB [F<fig>|-] [U<unit>] [X,Y ...] [F<target> ...] [ARG]
//
//   - VERB is a lower-case word: letters, digits, '-' and '_', starting
//     with a letter ("move", "fire", "end", "opp-fire").
//   - F<fig> is the acting figure (a positive id). When a command has no
//     acting figure but does have targets, a lone "-" stands in its place
//     so that the first target is not read as the actor.
//   - U<unit> is the acting unit.
//   - X,Y is a point in inches with at most three decimals (positions are
//     whole thousandths of an inch, so the text is exact). For a move these
//     are the waypoints after the start; for other verbs an aim point.
//   - F<target> is one target per die: repeat a target to put more dice on
//     it.
//   - ARG is a posture name, option name and the like: a plain word as
//     above, or a Go-quoted string (which runs to the end of the line) when
//     it holds anything else.
//
// Examples:
//
//	move F3 12.5,8 14,9.25
//	fire F3 F9 F9 F10
//	melee F2 F7
//	posture F3 prone
//	activate U2
//	opt U2 fall-back
//	end
//
// ParseCommand(c.String()) gives back c for every command with positive
// ids and a verb in the form above.

// String writes the command in notation.
func (c Command) String() string {
	var b strings.Builder
	b.WriteString(c.Verb)
	if c.Fig != 0 {
		fmt.Fprintf(&b, " F%d", c.Fig)
	} else if len(c.Targets) > 0 {
		b.WriteString(" -")
	}
	if c.Unit != 0 {
		fmt.Fprintf(&b, " U%d", c.Unit)
	}
	for _, p := range c.Path {
		b.WriteByte(' ')
		b.WriteString(FormatInches(p.X))
		b.WriteByte(',')
		b.WriteString(FormatInches(p.Y))
	}
	for _, t := range c.Targets {
		fmt.Fprintf(&b, " F%d", t)
	}
	if c.Arg != "" {
		b.WriteByte(' ')
		if argPlain(c.Arg) {
			b.WriteString(c.Arg)
		} else {
			b.WriteString(strconv.Quote(c.Arg))
		}
	}
	return b.String()
}

// FormatInches writes a position in inches with as few decimals as exact
// (at most three): 12500 -> "12.5", 8000 -> "8", -250 -> "-0.25".
func FormatInches(u int64) string {
	neg := u < 0
	a := uint64(u)
	if neg {
		a = uint64(-u) // also right for the most negative value
	}
	s := strconv.FormatUint(a/geom.PerInch, 10)
	if frac := a % geom.PerInch; frac != 0 {
		f := fmt.Sprintf("%03d", frac)
		s += "." + strings.TrimRight(f, "0")
	}
	if neg {
		s = "-" + s
	}
	return s
}

// ParseInches reads a length in inches with at most three decimals into
// position units, exactly (no floating point).
func ParseInches(s string) (int64, error) {
	t := s
	neg := false
	if strings.HasPrefix(t, "-") {
		neg, t = true, t[1:]
	}
	whole, frac, hasDot := strings.Cut(t, ".")
	if whole == "" || (hasDot && frac == "") {
		return 0, fmt.Errorf("%q is not a number of inches", clip(s))
	}
	if len(frac) > 3 {
		return 0, fmt.Errorf("%q has more than three decimals", clip(s))
	}
	if len(whole) > 12 {
		return 0, fmt.Errorf("%q is far too large", clip(s))
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a number of inches", clip(s))
		}
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	v := w * geom.PerInch
	if frac != "" {
		f, _ := strconv.ParseInt((frac + "00")[:3], 10, 64)
		v += f
	}
	if neg {
		v = -v
	}
	return v, nil
}

// MaxCommandBytes bounds one command's text; a real one is well under a
// kilobyte (a move of 64 waypoints).
const MaxCommandBytes = 16 << 10

// clip cuts text echoed back in an error, so a huge token is not printed
// whole.
func clip(s string) string { return safefile.Clip(s, 40) }

// ParseCommand reads one command in notation (see String).
func ParseCommand(s string) (Command, error) {
	var c Command
	if len(s) > MaxCommandBytes {
		return c, fmt.Errorf("the command is %d bytes long; at most %d are allowed", len(s), MaxCommandBytes)
	}
	line := strings.TrimSpace(s)
	if line == "" {
		return c, errors.New("empty command")
	}
	// A quoted argument runs to the end of the line.
	var quoted string
	hasQuoted := false
	if q := strings.IndexByte(line, '"'); q >= 0 {
		arg, err := strconv.Unquote(line[q:])
		if err != nil {
			return c, fmt.Errorf("bad quoted argument %s", clip(line[q:]))
		}
		if q == 0 || line[q-1] != ' ' {
			return c, errors.New("a quoted argument must follow a space")
		}
		if arg == "" || argPlain(arg) {
			return c, fmt.Errorf("argument %s need not be quoted: write it plain", clip(line[q:]))
		}
		quoted, hasQuoted = arg, true
		line = strings.TrimRight(line[:q], " ")
	}
	toks := strings.Split(line, " ")
	for _, t := range toks {
		if t == "" {
			return c, errors.New("separate the parts of a command with single spaces")
		}
	}
	if !plainWord(toks[0]) || isID(toks[0], 'F') || isID(toks[0], 'U') {
		return c, fmt.Errorf("%q is not a command word", clip(toks[0]))
	}
	c.Verb = toks[0]
	i := 1
	dash := false
	if i < len(toks) {
		if toks[i] == "-" {
			dash = true
			i++
		} else if isID(toks[i], 'F') {
			c.Fig = FigID(idOf(toks[i]))
			i++
		}
	}
	if i < len(toks) && isID(toks[i], 'U') {
		c.Unit = UnitID(idOf(toks[i]))
		i++
	}
	for i < len(toks) && strings.Contains(toks[i], ",") {
		xs, ys, _ := strings.Cut(toks[i], ",")
		x, err := ParseInches(xs)
		if err != nil {
			return c, fmt.Errorf("point %q: %v", clip(toks[i]), err)
		}
		y, err := ParseInches(ys)
		if err != nil {
			return c, fmt.Errorf("point %q: %v", clip(toks[i]), err)
		}
		c.Path = append(c.Path, geom.Pt{X: x, Y: y})
		i++
	}
	for i < len(toks) && isID(toks[i], 'F') {
		c.Targets = append(c.Targets, FigID(idOf(toks[i])))
		i++
	}
	if dash && len(c.Targets) == 0 {
		return c, errors.New(`"-" (no acting figure) must be followed by targets`)
	}
	if !dash && c.Fig == 0 && len(c.Targets) > 0 {
		// Only reachable when a unit or points came before the targets.
		return c, errors.New(`with no acting figure, write "-" where it would go`)
	}
	if i < len(toks) {
		if i != len(toks)-1 || hasQuoted || !argPlain(toks[i]) {
			return c, fmt.Errorf("did not expect %q there", clip(toks[i]))
		}
		c.Arg = toks[i]
	}
	if hasQuoted {
		c.Arg = quoted
	}
	return c, nil
}

// plainWord reports whether s can be written unquoted: a letter, then
// letters, digits, '-' or '_'.
func plainWord(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_'):
		default:
			return false
		}
	}
	return true
}

// argPlain reports whether an argument can be written unquoted: a plain
// word that cannot be mistaken for an id.
func argPlain(s string) bool { return plainWord(s) && !isID(s, 'F') && !isID(s, 'U') }

// isID reports whether s is the letter followed by a positive decimal id
// with no leading zeros and at most nine digits.
func isID(s string, letter byte) bool {
	if len(s) < 2 || len(s) > 10 || s[0] != letter || s[1] == '0' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func idOf(s string) int {
	n, _ := strconv.Atoi(s[1:])
	return n
}
