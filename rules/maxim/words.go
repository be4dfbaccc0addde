package maxim

import (
	"strconv"

	"hedgerow/rules"
)

// diceWords says how many dice of how many sides are rolled, in words:
// "a die", "two dice", "a ten-sided die".
func diceWords(n, sides int) string {
	count := strconv.Itoa(n)
	if n >= 1 && n <= 6 {
		count = [...]string{"a", "two", "three", "four", "five", "six"}[n-1]
	}
	what := " dice"
	if n == 1 {
		what = " die"
	}
	if sides != 6 {
		what = " " + strconv.Itoa(sides) + "-sided" + what
	}
	return count + what
}

// possessive is name's possessive: "Insurgents'" but "NVA's" (the
// core's Possessive).
func possessive(name string) string { return rules.Possessive(name) }
