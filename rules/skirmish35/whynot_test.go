package skirmish35

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// The ambush, the British turn 1 (seed 1: the Germans end theirs at
// once). The play-tester's Bren gunner, hidden and prone in the wood with
// all his points, was offered only Crawl and Stand up; the sniper found
// no Fire button after acquiring, and nothing said why. The rules offer
// what the book allows (a hidden man must move before he looks or fires;
// a hidden sniper takes only aimed shots, at a man he had in sight last
// turn), and each man's card now says why he has no shot.
func TestAmbushSaysWhyNoShot(t *testing.T) {
	sc, m := loadNamed(t, "skirmish35-ambush.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5 && g.St.Sides[g.St.Active].Name != "British"; i++ {
		end, _ := rules.ParseCommand("end")
		if _, err := g.Apply(end); err != nil {
			t.Fatal(err)
		}
	}
	s := g.St
	if s.Sides[s.Active].Name != "British" || s.Round != 1 {
		t.Fatalf("%s's turn, round %d", s.Sides[s.Active].Name, s.Round)
	}
	ids := map[string]rules.FigID{}
	for _, f := range s.Figures {
		ids[f.Name] = f.ID
	}
	bren, sniper, wendt := ids["L/Cpl Vaughan"], ids["Pte Lloyd"], ids["Schtz Wendt"]
	verbs := func(id rules.FigID) string {
		var vs []string
		for _, c := range g.Legal() {
			if c.Fig == id && (len(vs) == 0 || vs[len(vs)-1] != c.Verb) {
				vs = append(vs, c.Verb)
			}
		}
		return strings.Join(vs, " ")
	}
	card := func(id rules.FigID) string { return strings.Join(rules.FigureOf(g.RS, g.St, id).Lines, "\n") }
	// the hidden Bren gunner: crawl or stand; no look, no shot, and why
	if v := verbs(bren); v != "move stand" {
		t.Errorf("the Bren gunner is offered %q", v)
	}
	const hidden = "No shot now: L/Cpl Vaughan is hidden: he must move before he can fire, and moving gives him away"
	if c := card(bren); !strings.Contains(c, hidden) {
		t.Errorf("the Bren gunner's card:\n%s\nwant %q", c, hidden)
	}
	if err := g.Refusal(rules.Command{Verb: "acquire", Fig: bren, Targets: []rules.FigID{wendt}}); err == nil ||
		err.Error() != "L/Cpl Vaughan is hidden: he must move before he can look for the enemy, and moving gives him away" {
		t.Errorf("the Bren gunner looking: %v", err)
	}
	// the sniper may look from hiding; before he has, his card says so
	if v := verbs(sniper); v != "move stand acquire opp" {
		t.Errorf("the sniper is offered %q", v)
	}
	// (his acquisitions are his side's: the card, which reads the same
	// on either side's table, leaves them to a click on the enemy)
	if c := card(sniper); strings.Contains(c, "No shot now") {
		t.Errorf("the sniper's card before acquiring:\n%s", c)
	}
	if err := g.Refusal(rules.Command{Verb: "fire", Fig: sniper, Targets: []rules.FigID{wendt}, Arg: "aimed"}); err == nil {
		t.Error("an aimed shot at Wendt before acquiring him was taken")
	}
	// he acquires Wendt (forced 6 and 6): still no shot, for the book's
	// reasons, which his card and a click on Wendt both give
	g.St.Forced = []int{6, 6}
	if _, err := g.Apply(rules.Command{Verb: "acquire", Fig: sniper, Targets: []rules.FigID{wendt}}); err != nil {
		t.Fatal(err)
	}
	if v := verbs(sniper); strings.Contains(v, "fire") {
		t.Errorf("the sniper is offered %q in turn 1", v)
	}
	if err := g.Refusal(rules.Command{Verb: "fire", Fig: sniper, Targets: []rules.FigID{wendt}, Arg: "aimed"}); err == nil ||
		err.Error() != "Pte Lloyd did not have Schtz Wendt in sight last turn, so he cannot aim at him" {
		t.Errorf("an aimed shot at Wendt: %v", err)
	}
	// the Germans' figures carry no such line in the British turn
	if c := card(wendt); strings.Contains(c, "No shot now") {
		t.Errorf("an enemy's card:\n%s", c)
	}
}
