package maxim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// refFireCommands is fireCommands as it was before it judged shots
// without planFire: every shot planned in full, the opportunity shot's
// best point by every point's planned chance (bestPlannedPoint, which
// the listing of shots at riders uses too). fireList must list the same
// commands in the same order.
func refFireCommands(s *rules.State, f *rules.Figure, only *rules.Figure) []rules.Command {
	var out []rules.Command
	seen := map[string]bool{}
	for i, id := range weaponList(s, f) {
		if seen[id] {
			continue
		}
		seen[id] = true
		w, ok := data.Weapon(id)
		if !ok || w.Melee || mayFire(s, f, w) != "" {
			continue
		}
		arg := id
		if i == 0 && !aboard(s, f) {
			arg = ""
		}
		for _, t := range s.Alive(1 - f.Side) {
			if only != nil && t != only || (aboard(s, t) && openRide(s, t) == nil) {
				continue
			}
			if only == nil && !geom.WithinDist(f.Pos, t.Pos, w.Reach()) {
				continue
			}
			c := rules.Command{Verb: "fire", Fig: f.ID, Arg: arg}
			for k := 0; k < w.ROF; k++ {
				c.Targets = append(c.Targets, t.ID)
			}
			if only != nil {
				p, ok := bestPlannedPoint(s, f, c)
				if !ok {
					continue
				}
				c.Path = []geom.Pt{p}
			}
			if _, err := planFire(s, c); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

func refOppShots(s *rules.State) []rules.Command {
	mover := s.Fig(rules.FigID(s.Var(gOppFig)))
	if mover == nil || mover.Removed || s.Over {
		return nil
	}
	saved, savedD := s.Phase, s.Decider
	s.Phase, s.Decider = PhaseOpportunity, 1-mover.Side
	var out []rules.Command
	for _, f := range s.Alive(1 - mover.Side) {
		out = append(out, refFireCommands(s, f, mover)...)
	}
	s.Phase, s.Decider = saved, savedD
	return out
}

func cmdStrings(cs []rules.Command) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Legal's fire commands, the opportunity shots at a mover and whether
// any may be taken are, at every state of random games on the shipped
// scenarios and at close quarters, exactly what planning every shot in
// full gives: the shots judged without the full sight line (fireList)
// are the shots planFire takes, and each opportunity shot is at the
// point of best chance. A man passed by as holding fire may fire none of
// his weapons.
func TestFireListIsPlanFire(t *testing.T) {
	type game struct {
		sc    *rules.Scenario
		m     *terrain.Map
		seeds int
	}
	var games []game
	sc, m := closeQuarters(t)
	games = append(games, game{sc, m, 40})
	for _, name := range scenarioFiles {
		sc, m := loadScenario(t, name)
		games = append(games, game{sc, m, 4})
	}
	fire, opp, held := 0, 0, 0
	for _, gm := range games {
		for seed := uint64(1); seed <= uint64(gm.seeds); seed++ {
			g, _, err := rules.NewGame(New(), gm.sc, gm.m, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 7))
			for steps := 0; !g.St.Over && steps < 3000; steps++ {
				s := g.St
				switch s.Phase {
				case PhaseOffensive, PhaseDefensive:
					for _, f := range s.Alive(s.Active) {
						got, want := cmdStrings(fireCommands(s, f, nil)), cmdStrings(refFireCommands(s, f, nil))
						if !slices.Equal(got, want) {
							t.Fatalf("%s seed %d, %s phase, %s: fireCommands %q, planned in full %q", gm.sc.Name, seed, s.Phase, f.Name, got, want)
						}
						fire += len(got)
					}
				case PhaseOpportunity:
					if s.Var(gOppVeh) != 0 {
						break
					}
					got, want := cmdStrings(oppShots(s)), cmdStrings(refOppShots(s))
					if !slices.Equal(got, want) {
						t.Fatalf("%s seed %d: oppShots %q, planned in full %q", gm.sc.Name, seed, got, want)
					}
					if anyOppShot(s) != (len(want) > 0) {
						t.Fatalf("%s seed %d: anyOppShot %v with %d shots", gm.sc.Name, seed, anyOppShot(s), len(want))
					}
					opp += len(got)
				}
				for i := range s.Figures {
					f := &s.Figures[i]
					if !holdsFire(s, f) {
						continue
					}
					for _, id := range append(weaponList(s, f), f.Weapons...) {
						if w, ok := data.Weapon(id); ok && mayFire(s, f, w) == "" {
							t.Fatalf("%s seed %d, %s phase: %s holds fire, yet may fire his %s", gm.sc.Name, seed, s.Phase, f.Name, id)
						}
					}
					held++
				}
				c, ok := rules.RandomCommand(g, r)
				if !ok {
					t.Fatalf("%s seed %d: nothing legal", gm.sc.Name, seed)
				}
				if _, err := g.Apply(c); err != nil && c.Verb == "fire" {
					t.Fatalf("%s seed %d: listed %s refused: %v", gm.sc.Name, seed, c, err)
				}
			}
		}
	}
	if fire == 0 || opp == 0 || held == 0 {
		t.Fatalf("checked %d fire commands and %d opportunity shots: too few to say anything", fire, opp)
	}
	t.Logf("%d fire commands and %d opportunity shots checked, %d men holding fire", fire, opp, held)
}

// An opportunity shot at a man who runs out from behind the corner of a
// building is taken in the open, the later point: the first point the
// shot may be taken at is not the best when he is partly hidden there.
func TestOpportunityShotLeavesCover(t *testing.T) {
	g := table(t, []tf{
		{0, "A", "Able", []string{"rifle"}, 40, 25, false},
		{1, "R", "Rot", []string{"rifle"}, 45, 2, false},
	}, map[string]unitOpt{"A": {quality: "elite"}})
	phase(g, PhaseMove, 1)
	apply(t, g, "move F2 45.5,3 48,3")
	s := g.St
	if s.Phase != PhaseOpportunity {
		t.Fatalf("no opportunity fire: phase %s", s.Phase)
	}
	chance := func(at geom.Pt) int {
		v, err := planFire(s, rules.Command{Verb: "fire", Fig: 1, Targets: []rules.FigID{2}, Path: []geom.Pt{at}})
		if err != nil {
			t.Fatalf("at %s: %v", at, err)
		}
		return v.targets[0].chance
	}
	corner, open := chance(geom.P(45.5, 3)), chance(geom.P(48, 3))
	if corner >= open {
		t.Fatalf("at the corner %d%%, in the open %d%%: the corner should hide part of him", corner, open)
	}
	shots := oppShots(s)
	if len(shots) != 1 || len(shots[0].Path) != 1 || shots[0].Path[0] != geom.P(48, 3) {
		t.Fatalf("opportunity shots %v, want one at 48,3", shots)
	}
}
