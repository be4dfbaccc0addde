package game

import (
	"testing"

	"hedgerow/rules"
)

// A shot's odds card adds up to 100%: each outcome rounded alone showed
// "kill 86%, serious 10%, light 3%, near miss 2%, miss 0%" (101%, a
// play-tester's sum).
func TestOddsCardPercentagesAddToHundred(t *testing.T) {
	outs := []rules.Outcome{{Name: "kill", P: 0.855}, {Name: "serious", P: 0.104},
		{Name: "light", P: 0.026}, {Name: "near miss", P: 0.015}, {Name: "miss", P: 0}}
	if got, want := outcomeList(outs), "kill 86%, serious 10%, light 3%, near miss 1%, miss 0%"; got != want {
		t.Errorf("odds card: %q, want %q", got, want)
	}
	if got := oddsShort(rules.Odds{Outcomes: outs}); got != "(kill 86%, serious 10%, light 3%)" {
		t.Errorf("short odds: %q", got)
	}
}
