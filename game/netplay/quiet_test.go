package netplay

import (
	"strings"
	"testing"

	"hedgerow/rules"
)

// TestHiddenInterrupterKeptQuiet: in the ambush, when a German figure
// moves in sight of British teams the Germans do not know of, the
// Germans are told nothing of it: the events they are sent name no
// British team, no opportunity fire and no holding of fire, and their
// own copy's panel only waits on the British. (The network play-test's
// German screen read "Opportunity fire: British to decide – Schuetze
// Zeller has just moved in sight of your teams", then "British may
// opportunity fire at ..." and "British hold fire".)
func TestHiddenInterrupterKeptQuiet(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40 && found < 3; seed++ {
		b := newBattle(t, "smle-ambush", seed, 0)
		for step := 0; step < 400 && !b.G.St.Over; step++ {
			l := b.G.Legal()
			before := b.G.St
			var evs []rules.Event
			for k := range l {
				var err error
				if evs, err = b.G.Apply(l[(step*5+k)%len(l)]); err == nil {
					break
				}
			}
			s := b.G.St
			if s.Phase != "opportunity" {
				continue
			}
			mover := 1 - s.Decider
			v := rules.ViewOf(b.G.RS, s, mover)
			hidden := true
			for _, c := range b.G.Legal() {
				if c.Verb == "oppfire" && v.Unit(c.Unit) {
					hidden = false
				}
			}
			if !hidden {
				continue
			}
			found++
			told := tellAll(b.G.RS, before, s, mover, evs)
			pass := rules.Command{Verb: "pass"}
			before = s
			pevs, err := b.G.Apply(pass)
			if err != nil {
				t.Fatalf("seed %d: pass: %v", seed, err)
			}
			// the copy the mover's screen held while the British decided
			cp := SnapshotOf(b.G.RS, before, mover)
			st, err := cp.Apply(b.base)
			if err != nil {
				t.Fatal(err)
			}
			ex := b.G.RS.(rules.Explainer).Explain(st)
			if want := "Waiting for the " + s.Sides[s.Decider].Name; ex.Head != want || len(ex.Lines) != 0 {
				t.Errorf("seed %d: the mover's panel reads %q %q, want only %q", seed, ex.Head, ex.Lines, want)
			}
			told = append(told, tellAll(b.G.RS, before, b.G.St, mover, pevs)...)
			var words []string
			for _, ev := range told {
				words = append(words, ev.Text)
			}
			text := strings.Join(words, " | ")
			for _, bad := range []string{"opportunity", "hold fire", "unseen"} {
				if strings.Contains(text, bad) {
					t.Errorf("seed %d: the mover's side is told %q", seed, text)
				}
			}
			for i := range before.Units {
				u := &before.Units[i]
				if u.Side != mover && !rules.ViewOf(b.G.RS, before, mover).Unit(u.ID) && strings.Contains(text, u.Name) {
					t.Errorf("seed %d: the mover's side is told of %s: %q", seed, u.Name, text)
				}
			}
			// the other side is told of its chance and of holding fire
			full := ""
			for _, ev := range append(evs, pevs...) {
				full += ev.Text + " | "
			}
			if !strings.Contains(full, "may opportunity fire") || !strings.Contains(full, "hold fire") {
				t.Errorf("seed %d: the events no longer announce the window: %q", seed, full)
			}
		}
	}
	if found == 0 {
		t.Fatal("no game found a German move in sight of a hidden British team")
	}
}
