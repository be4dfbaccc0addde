package skirmish35

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Whether a shut door is locked is known to the side that locked it, and
// to both for a door locked from the start (stated before the game): the
// Germans in the Inn unlock their front door and lock it again, and the
// Americans' copy then sees a shut door, the Germans' a locked one.
func TestLockedDoorKnownToWhoLockedIt(t *testing.T) {
	sc, m := loadNamed(t, "skirmish35-inn.toml")
	g, _, err := rules.NewGame(New(), sc, m, 1)
	if err != nil {
		t.Fatal(err)
	}
	for g.St.Decider != 0 {
		g.Apply(rules.Command{Verb: "end"})
	}
	german, american := g.St.Decider, 1-g.St.Decider
	door := ""
	for k, v := range g.St.Vars {
		if len(k) > 5 && k[:5] == "door." && v == doorLocked {
			door = k
		}
	}
	if door == "" {
		t.Fatal("no door locked from the start")
	}
	known := func(side int) bool { _, ok := rules.ViewOf(New(), g.St, side).GameVars()[door]; return ok }
	if !known(german) || !known(american) {
		t.Fatalf("a door locked from the start: known to the Germans %v, the Americans %v; want both", known(german), known(american))
	}
	// the Inn's front door (outside, locked from the start), unlocked
	// from inside and locked again
	door = "door." + mustDoorAt(t, g.St, 43.5, 20)
	g.St.Fig(4).Pos = geom.Pt{X: 43 * geom.PerInch, Y: 19 * geom.PerInch}
	for _, c := range []string{"door F4 43.5,20 unlock", "door F4 43.5,20 lock"} {
		cmd, err := rules.ParseCommand(c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(cmd); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	if g.St.Vars[door] != doorLocked {
		t.Fatalf("%s is %d after locking, want locked", door, g.St.Vars[door])
	}
	if !known(german) || known(american) {
		t.Errorf("a door the Germans locked in the game: known to the Germans %v, the Americans %v; want the Germans only", known(german), known(american))
	}
}

func mustDoorAt(t *testing.T, s *rules.State, x, y float64) string {
	t.Helper()
	d, ok := doorAt(s, geom.Pt{X: int64(x * geom.PerInch), Y: int64(y * geom.PerInch)})
	if !ok {
		t.Fatalf("no door at %v,%v", x, y)
	}
	return d.String()
}

// A locked door is told of with its building's article: "The door of the
// Inn is locked", never "The door of Inn".
func TestLockedDoorNamesBuildingWithArticle(t *testing.T) {
	if got := lockedText("Inn", 1); got != "The door of the Inn is locked" {
		t.Errorf("one door: %q", got)
	}
	if got := lockedText("The mill", 2); got != "A door of the mill is locked (marked on the table)" {
		t.Errorf("two doors: %q", got)
	}
}
