package game

import (
	"strings"
	"testing"

	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// barKeys maps each numbered button's kind of action to its key, and
// lists the greyed stand-ins.
func barKeys(b *battle) (map[string]string, []string) {
	keys, ghosts := map[string]string{}, []string(nil)
	for _, bt := range b.buttons {
		if bt.slot == "" || bt.key == "" {
			continue
		}
		keys[bt.slot] = bt.key
		if bt.ghost {
			ghosts = append(ghosts, bt.label)
		}
	}
	return keys, ghosts
}

// Play-test finding 8 (S.M.L.E.): a number key keeps its meaning through
// a team's activation. Farm Lane's first activation at 1280x800: with no
// figure selected, with one selected, and after he has moved, every kind
// of action on the bar has the key it had when it first came onto it,
// and a kind no longer allowed stands greyed in its place (3 was Run,
// then Shoot, then Go prone).
func TestBarKeysKeepTheirMeaning(t *testing.T) {
	g := shippedGame(t, "smle-skirmish.toml", 1)
	a := &App{W: 1280, H: 800, speed: 8}
	b := newBattle(a, g, nil)
	b.shown = g.St.Active
	render(a, b)
	b.layoutButtons(a)
	first, _ := barKeys(b)
	if len(first) < 2 {
		t.Fatalf("the bar with nothing selected has %d numbered kinds: %+v", len(first), b.buttons)
	}
	seen := map[string]string{}
	check := func(when string) {
		t.Helper()
		keys, _ := barKeys(b)
		for k, key := range keys {
			if was, ok := seen[k]; ok && was != key {
				t.Errorf("%s: %q is key %s, was %s", when, k, key, was)
			}
			for k2, key2 := range keys {
				if k2 != k && key2 == key {
					t.Errorf("%s: key %s stands for %q and %q", when, key, k, k2)
				}
			}
			seen[k] = key
		}
	}
	check("nothing selected")
	// a figure of the activating team selected
	var mover rules.FigID
	for _, c := range b.legal {
		if c.Verb == "move" && c.Fig != 0 {
			mover = c.Fig
			break
		}
	}
	if mover == 0 {
		t.Fatal("no figure may move")
	}
	b.sel.Mode, b.sel.Sel = view.Selected, mover
	b.layoutButtons(a)
	check("a figure selected")
	// he moves a little
	f := g.St.Fig(mover)
	var mv *rules.Command
	for _, c := range b.legal {
		if c.Verb == "move" && c.Fig == mover {
			cc := c
			cc.Path = []geom.Pt{{X: f.Pos.X, Y: f.Pos.Y + 1000}}
			if g.Refusal(cc) == nil {
				mv = &cc
			}
			break
		}
	}
	if mv == nil {
		t.Skip("no short move is allowed here")
	}
	if !b.apply(a, *mv) {
		t.Fatal("the move was refused")
	}
	b.sel.Mode, b.sel.Sel = view.Selected, mover
	b.layoutButtons(a)
	check("after his move")
	_, ghosts := barKeys(b)
	t.Logf("after the move: %d kinds, greyed %q", len(seen), strings.Join(ghosts, ", "))
}
