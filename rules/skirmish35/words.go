package skirmish35

import (
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// rangeText is a range for a modifier's words: to one decimal, or two
// when one decimal would read as a whole number it is not (a band's
// edge matters).
func rangeText(u int64) string {
	return rules.InchTextPast(u, (u+geom.PerInch/2)/geom.PerInch*geom.PerInch)
}
