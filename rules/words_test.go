package rules

import (
	"strings"
	"testing"

	"hedgerow/rules/geom"
)

// A shot's landing is told along the line of fire as the firer sees it,
// never in coordinates or screen directions.
func TestWhereabouts(t *testing.T) {
	firer, aim := geom.P(10, 40), geom.P(10, 10) // firing up the table
	cases := []struct {
		p    geom.Pt
		want string
	}{
		{geom.P(10, 10.3), "on the aim point"},
		{geom.P(10, 7), "3\" beyond the aim point"},
		{geom.P(10, 14), "4\" short of the aim point"},
		{geom.P(7, 10), "3\" to the left of the aim point"},
		{geom.P(12, 12), "2.8\" short and to the right of the aim point"},
		{geom.P(8, 8), "2.8\" beyond and to the left of the aim point"},
	}
	for _, c := range cases {
		if got := Whereabouts(firer, aim, c.p, "the aim point"); got != c.want {
			t.Errorf("landing at %v: %q, want %q", c.p, got, c.want)
		}
	}
	// firing down the table, the firer's left is the table's right
	if got := Whereabouts(geom.P(10, 10), geom.P(10, 40), geom.P(13, 40), "the Panzer IV"); got != "3\" to the left of the Panzer IV" {
		t.Errorf("firing down the table: %q", got)
	}
}

func TestInchText(t *testing.T) {
	for u, want := range map[int64]string{9749: "9.7", 6000: "6", 6040: "6", 5999: "6", 341: "0.3", 0: "0"} {
		if got := InchText(u); got != want {
			t.Errorf("InchText(%d) = %q, want %q", u, got, want)
		}
	}
	if got := InchTextPast(6040, 6000); got != "6.04" {
		t.Errorf("6.04\" past 6\": %q", got)
	}
	if got := InchTextPast(9749, 6000); got != "9.7" {
		t.Errorf("9.749\" past 6\": %q", got)
	}
}

// A side's possessive reads as English: a plural takes an apostrophe, a
// people's adjective stands alone (the play-test read "British's turn");
// a man whose name ends as such an adjective does is no people ("Schtz
// Koch's", not "Schtz Koch move"), and a nickname's quote serves
// (play-test 9: the Sherman's move had a second quote before its s).
func TestPossessive(t *testing.T) {
	for name, want := range map[string]string{
		"Germans": "Germans'", "British": "British", "French": "French", "Japanese": "Japanese",
		"NVA": "NVA's", "Red": "Red's", "Krause": "Krause's", "US Army": "US Army's", "Huey 'Lucky Lady'": "Huey 'Lucky Lady's",
		"Sherman 'Dixie'": "Sherman 'Dixie's", "Schtz Koch": "Schtz Koch's", "LCpl Birch": "LCpl Birch's", "Free French": "Free French",
	} {
		if got := Possessive(name); got != want {
			t.Errorf("Possessive(%q) = %q, want %q", name, got, want)
		}
	}
}

// "5+" is notation: a player reads which faces do it.
func TestDieOrMore(t *testing.T) {
	for n, want := range map[int]string{0: "any roll", 1: "any roll", 2: "a 2 or more", 3: "a 3 or more", 4: "a 4, 5 or 6", 5: "a 5 or 6", 6: "a 6", 7: "no roll"} {
		if got := DieOrMore(n); got != want {
			t.Errorf("DieOrMore(%d) = %q, want %q", n, got, want)
		}
	}
}

// A facing reads as the part of the table it points at, not degrees.
func TestFacingWords(t *testing.T) {
	for deg, want := range map[int]string{0: "the table's top edge", 22: "the table's top edge", 23: "the table's top-right corner", 90: "the table's right edge", 186: "the table's bottom edge", 294: "the table's top-left corner", 280: "the table's left edge", 338: "the table's top edge", -90: "the table's left edge"} {
		if got := FacingWords(deg); got != want {
			t.Errorf("FacingWords(%d) = %q, want %q", deg, got, want)
		}
	}
}

// Capital opens a sentence: a small first letter is made a capital, any
// other is left alone (one copy cut a capital S to a "3").
func TestCapital(t *testing.T) {
	for in, want := range map[string]string{
		"aimed": "Aimed", "the door": "The door", "Schtz Wendt": "Schtz Wendt",
		"élan": "Élan", "": "", "3 men": "3 men",
	} {
		if got := Capital(in); got != want {
			t.Errorf("Capital(%q) = %q, want %q", in, got, want)
		}
	}
}

// A side's name takes the verb a reader expects: the play-test read
// "British raiders moves".
func TestAgree(t *testing.T) {
	for name, want := range map[string]string{
		"British raiders": "move", "Germans": "move", "British": "move", "French": "move",
		"Wehrmacht": "moves", "US Army": "moves", "Red": "moves", "Afrika Korps": "moves",
	} {
		if got := Agree(name, "moves", "move"); got != want {
			t.Errorf("Agree(%q) = %q, want %q", name, got, want)
		}
	}
}

// A vehicle's card lists only the living aboard: a Huey that had brewed
// up still listed its dead crew.
func TestVehicleCardListsTheLivingAboard(t *testing.T) {
	s := &State{Sides: [2]Side{{Name: "Air cavalry"}, {Name: "NVA"}},
		Figures:  []Figure{{ID: 1, Name: "WO Lacey"}, {ID: 2, Name: "Sp4 Mott", Removed: true}},
		Vehicles: []Vehicle{{ID: 1, Name: "Huey", Crew: []FigID{1, 2}}}}
	var aboard string
	for _, l := range BasicVehicle(nil, s, 1).Lines {
		if strings.HasPrefix(l, "Aboard: ") {
			aboard = l
		}
	}
	if aboard != "Aboard: WO Lacey" {
		t.Errorf("the card reads %q", aboard)
	}
}
