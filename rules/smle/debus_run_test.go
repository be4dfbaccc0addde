package smle

import (
	"testing"

	"hedgerow/rules"
)

// A team just out of a vehicle has stopped, every man: it is not offered
// a run none of them could take (play-test 5 met "Run" on the bar while
// no man of the team could move), yet a save made before, holding such a
// run, still replays.
func TestDebussedTeamIsNotOfferedARun(t *testing.T) {
	sc, m := loadNamed(t, "smle-heli-drop.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"end", "arrive U1 V1", "pass", "debus U1 V1", "pass", "end", "debus U3 V1", "pass"} {
		c, err := rules.ParseCommand(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	if rules.UnitID(g.St.Var(vCur)) != 3 {
		t.Fatalf("not Bravo's activation: team %d", g.St.Var(vCur))
	}
	for _, c := range g.Legal() {
		if c.Verb == "move" || c.Verb == "run" {
			t.Errorf("Bravo, just out of the helicopter, is offered %q", c)
		}
	}
	if _, err := g.Apply(rules.Command{Verb: "run", Unit: 3}); err != nil {
		t.Errorf("an old save's run of the stopped team is refused: %v", err)
	}
}
