package firefight

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules"
)

// A listing handed out by Legal is the caller's own: writing over its
// commands or appending to a command's targets changes no other listing,
// earlier or later (listings share the lister's blocks of storage).
func TestLegalListingsAreIndependent(t *testing.T) {
	sc, m := loadNamed(t, "firefight-mg42-farm-lane.toml")
	g, _, err := rules.NewGame(New(), sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	rs := New()
	checked := 0
	for n := 0; n < 400 && !g.St.Over; n++ {
		a := rs.Legal(g.St)
		want := cloneCommands(a)
		b := rs.Legal(g.St)
		if !equalCommands(a, b) {
			t.Fatalf("command %d: two listings of one state differ:\n%v\n%v", n, a, b)
		}
		// scribble over the first listing
		for i := range a {
			if len(a[i].Targets) > 0 {
				_ = append(a[i].Targets, 99)
				a[i].Targets[0] = 98
				checked++
			}
			a[i].Verb = "scribbled"
		}
		a = append(a, rules.Command{Verb: "extra"})
		c := rs.Legal(g.St)
		if !equalCommands(b, want) || !equalCommands(c, want) {
			t.Fatalf("command %d: writing over one listing changed another:\n%v\n%v\nwant %v", n, b, c, want)
		}
		// AppendLegal: the same commands after what dst held, their
		// target lists their own
		dst := append(make([]rules.Command, 0, 2), rules.Command{Verb: "kept"})
		d := rs.(Firefight).AppendLegal(dst, g.St)
		if d[0].Verb != "kept" || !equalCommands(d[1:], want) {
			t.Fatalf("command %d: AppendLegal gave %v, want [kept] and %v", n, d, want)
		}
		for i := range d {
			if len(d[i].Targets) > 0 {
				d[i].Targets[0] = 97
			}
		}
		if e := rs.(Firefight).AppendLegal(d[:0], g.St); !equalCommands(e, want) || !equalCommands(b, want) {
			t.Fatalf("command %d: writing over AppendLegal's targets changed another listing:\n%v\n%v\nwant %v", n, e, b, want)
		}
		cmd, ok := rules.RandomCommand(g, r)
		if !ok {
			t.Fatalf("command %d: nothing to play", n)
		}
		if _, err := g.Apply(cmd); err != nil {
			t.Fatalf("command %d: %v: %v", n, cmd, err)
		}
	}
	if checked == 0 {
		t.Fatal("no listing with targets was checked")
	}
}

func cloneCommands(cs []rules.Command) []rules.Command {
	out := make([]rules.Command, len(cs))
	for i, c := range cs {
		c.Targets = slices.Clone(c.Targets)
		c.Path = slices.Clone(c.Path)
		out[i] = c
	}
	return out
}

func equalCommands(a, b []rules.Command) bool {
	return slices.EqualFunc(a, b, func(x, y rules.Command) bool {
		return x.Verb == y.Verb && x.Fig == y.Fig && x.Unit == y.Unit && x.Arg == y.Arg &&
			slices.Equal(x.Targets, y.Targets) && slices.Equal(x.Path, y.Path)
	})
}
