package skirmish35

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// rangeText is a range for a modifier's words: to one decimal, or two
// when one decimal would read as a whole number it is not (a band's
// edge matters).
func rangeText(u int64) string {
	return rules.InchTextPast(u, (u+geom.PerInch/2)/geom.PerInch*geom.PerInch)
}

// saveText tells a saving roll: a die at or under save saves him ("saves
// on 4 or less, rolls 1: morale -1"); with save below 1 nothing could
// ("no save, rolls 6: killed"), where "saves on 0 or less" was read.
func saveText(name string, save, total int, outcome string) string {
	if save < 1 {
		return fmt.Sprintf("%s has no save (rolls %d): %s", name, total, outcome)
	}
	return fmt.Sprintf("%s saves on %d or less, rolls %d: %s", name, save, total, outcome)
}
