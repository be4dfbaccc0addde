package scenario

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hedgerow/rules/safefile"
)

// The scenario loader's small helpers: numbers, paths and values in its messages.

// shortNumber writes a number for a message: plainly when it is of a
// table's size, in exponent form when huge or tiny (never 309 digits,
// nor 330 zeros).
func shortNumber(f float64) string {
	if a := math.Abs(f); a < 1e6 && (a == 0 || a >= 0.001) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', 4, 64)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func where(path string) string {
	if path == "" {
		return "the scenario"
	}
	last := path[strings.LastIndexByte(path, '.')+1:]
	if i := strings.IndexByte(last, '#'); i >= 0 {
		last = last[:i]
	}
	return "this " + last
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func isColour(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, c := range s[1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func num(v any) (float64, bool) {
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

func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case int64:
		return "a whole number"
	case float64:
		return "a number"
	case bool:
		return "true/false"
	case []any:
		return "a list"
	case []map[string]any:
		return "a list of tables"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

func describeVal(v any) string {
	if l, ok := v.([]any); ok {
		return fmt.Sprintf("a list of %d items", len(l))
	}
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", safefile.Clip(s, 40))
	}
	if _, ok := v.(int64); ok {
		return fmt.Sprint(v)
	}
	if f, ok := v.(float64); ok {
		return shortNumber(f)
	}
	return kindOf(v)
}

// boolean reads an optional true/false key (false when absent).
func (ld *scLoader) boolean(t map[string]any, path, key string) bool {
	v, ok := t[key]
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		ld.at(join(path, key), "%s must be true or false, not %s", key, kindOf(v))
	}
	return b
}
