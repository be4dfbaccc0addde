package netplay

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/scenarios"
)

// TestWindowsPlayThroughLocal plays a whole battle as the two windows do:
// neither end has a Player; each side's commands go in on Local and all
// news comes out through Notify. The host's window keeps its own game of
// the same seed and plays every applied command on it, as the table
// does: it must stay in step with the host's battle to the end (same
// final state). The joiner's window decides on the snapshots it is
// given. A command for an old position and one the rules refuse come
// back as refusals with their reasons, and the battle goes on.
func TestWindowsPlayThroughLocal(t *testing.T) {
	const seed, hostSide = 11, 0
	b := newBattle(t, "ssg-standard.toml", seed, hostSide)
	sc, m, err := scenarios.Load("ssg-standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	replica, _, err := rules.NewGame(rs, sc, m, seed) // the host window's table
	if err != nil {
		t.Fatal(err)
	}

	hostNotes, joinNotes := make(chan Note, 100000), make(chan Note, 100000)
	hostOut, joinOut := make(chan LocalCmd, 4), make(chan LocalCmd, 4)
	ln := listen(t)
	h := &Host{B: b, Local: hostOut, Notify: func(n Note) { hostNotes <- n }, FinalWait: 5 * time.Second}
	j := &Joiner{Addr: ln.Addr().String(), Local: joinOut, Notify: func(n Note) { joinNotes <- n }, Load: load, Lookup: all.Get}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var hostErr, joinErr error
	wg.Add(2)
	go func() { defer wg.Done(); hostErr = h.Serve(ctx, ln) }()
	go func() { defer wg.Done(); joinErr = j.Run(ctx) }()

	// the host's window
	hostDone := make(chan struct{})
	var refusals []string
	var applied [2]int
	go func() {
		defer close(hostDone)
		p := NewRandom(3)
		connected, tested := false, false
		decide := func() {
			if !connected || replica.St.Over || replica.St.Decider != hostSide {
				return
			}
			if !tested {
				// an answer to an old position, then a move of the enemy's figure
				tested = true
				hostOut <- LocalCmd{At: len(replica.Log) + 5, Cmd: rules.Command{Verb: "end"}}
				var enemy rules.FigID
				for _, f := range replica.St.Figures {
					if f.Side != hostSide {
						enemy = f.ID
					}
				}
				hostOut <- LocalCmd{At: len(replica.Log), Cmd: rules.Command{Verb: "move", Fig: enemy, Path: []geom.Pt{replica.St.Fig(enemy).Pos}}}
			}
			c, err := p.Decide(&Decision{Side: hostSide, Game: replica, Legal: replica.Legal()})
			if err != nil {
				t.Errorf("the host's window: %v", err)
				return
			}
			hostOut <- LocalCmd{At: len(replica.Log), Cmd: c}
		}
		for {
			select {
			case <-ctx.Done():
				return
			case n := <-hostNotes:
				switch n.Kind {
				case NConnected:
					connected = true
					decide()
				case NApplied:
					if n.At != len(replica.Log) {
						t.Errorf("command %d applied at position %d", n.At, len(replica.Log))
					}
					if _, err := replica.Apply(n.Cmd); err != nil {
						t.Errorf("the window's game refuses the host's command %s: %v", n.Cmd, err)
						return
					}
					applied[n.Side]++
					if replica.St.Over {
						return
					}
					decide()
				case NRefused:
					refusals = append(refusals, n.Text)
					if len(refusals) > 2 {
						decide() // (the test's two refusals are answered by the command sent after them)
					}
				}
			}
		}
	}()

	// the joiner's window
	joinDone := make(chan struct{})
	var final string
	go func() {
		defer close(joinDone)
		p := NewRandom(4)
		var st *rules.State
		var turn *Note
		decide := func() {
			if turn == nil || st == nil {
				return
			}
			c, err := p.Decide(&Decision{Side: 1 - hostSide, Game: &rules.Game{RS: rs, St: st}, Legal: turn.Legal})
			if err != nil {
				t.Errorf("the joiner's window: %v", err)
				return
			}
			joinOut <- LocalCmd{At: turn.At, Cmd: c}
		}
		for {
			select {
			case <-ctx.Done():
				return
			case n := <-joinNotes:
				switch n.Kind {
				case NWelcome, NUpdate:
					if n.State != nil {
						st = n.State
					}
				case NTurn:
					tn := n
					turn = &tn
					decide()
				case NRefused:
					decide()
				case NFinal:
					final = n.Text
					return
				}
			}
		}
	}()
	wg.Wait()
	<-hostDone
	<-joinDone
	if hostErr != nil || joinErr != nil {
		t.Fatalf("host: %v; joiner: %v", hostErr, joinErr)
	}
	if !b.G.St.Over {
		t.Fatal("the battle did not end")
	}
	if replica.St.Hash() != b.G.St.Hash() {
		t.Fatalf("the host window's game ended at %s, the host's battle at %s", replica.St.Hash(), b.G.St.Hash())
	}
	if applied[0] == 0 || applied[1] == 0 {
		t.Fatalf("applied per side %v", applied)
	}
	if len(refusals) < 2 || !strings.Contains(refusals[0], "too late") {
		t.Fatalf("refusals %q: want the old position's first", refusals)
	}
	if strings.Contains(refusals[1], "too late") || refusals[1] == "" {
		t.Fatalf("the enemy's figure's move was refused with %q", refusals[1])
	}
	if sf, err := all.ReadSave(strings.NewReader(final)); err != nil || len(sf.Commands) != len(b.G.Log) {
		t.Fatalf("the joiner's final save does not hold the battle's %d commands: %v", len(b.G.Log), err)
	}
	t.Logf("%d + %d commands; refused: %q", applied[0], applied[1], refusals[:2])
}
