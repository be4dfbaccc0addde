package terrain

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hedgerow/rules/geom"
	"hedgerow/rules/tomlpos"
)

// Reading numbers and describing values in the map loader's messages.

// number accepts a TOML integer or a finite float.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false
		}
		return x, true
	}
	return 0, false
}

// typeName says what kind of TOML value v is, in plain words.
func typeName(v any) string {
	switch x := v.(type) {
	case string:
		return "text"
	case int64:
		return "a whole number"
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "not-a-number/infinity"
		}
		return "a number"
	case bool:
		return "true/false"
	case []any:
		return "a list"
	case []map[string]any:
		return "a list of tables"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return "a date or time"
}

// describe is typeName with a little more detail for lists.
func describe(v any) string {
	if l, ok := v.([]any); ok {
		return fmt.Sprintf("a list of %d items", len(l))
	}
	return typeName(v)
}

// fmtIn writes inches for a message: plainly at a table's scale, in
// exponent form when huge (1e308 is not echoed as 309 digits).
func fmtIn(f float64) string {
	// A very large or very small number in short form (1e-320, not 330
	// zeros): positions are kept to a thousandth of an inch.
	if a := math.Abs(f); a >= 1e6 || a != 0 && a < 0.001 {
		return strconv.FormatFloat(f, 'g', 4, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func fmtPt(p geom.Pt) string {
	return fmt.Sprintf("(%s, %s)", fmtIn(geom.Inches(p.X)), fmtIn(geom.Inches(p.Y)))
}

// Nearest finds the valid word closest to s (by edits, a swap of two
// neighbouring letters counting as one), if it is close enough to be a
// likely misspelling: two edits, one for words of three letters or fewer.
// The scenario loader uses it too.
func Nearest(s string, valid []string) (string, bool) {
	best, bestD := "", 1<<30
	for _, v := range valid {
		if d := editDistance(strings.ToLower(s), v); d < bestD {
			best, bestD = v, d
		}
	}
	limit := 2
	if len(s) <= 3 {
		limit = 1
	}
	return best, bestD <= limit
}

// editDistance is the optimal-string-alignment distance between a and b.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 20
	}
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// srcPos is a 1-based line and column in a map file's source text.
type srcPos struct{ line, col int }

// posIndex remembers where each key, table header and point of a TOML map
// file sits in the source (see package tomlpos for the paths), so that
// problems found after decoding can be reported at the right line.
type posIndex struct{ ix *tomlpos.Index }

func (p posIndex) find(path string) srcPos {
	q := p.ix.Find(path)
	return srcPos{q.Line, q.Col}
}
