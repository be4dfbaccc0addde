package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/oddscheck"
	"hedgerow/rules/vehicle"
)

// mortarOnTank: a mortar team (observer F1 at 24,40, braced light mortar
// F2) at Advance, with a medium tank (V1, crew F3-F6) 20" away at 24,20
// and a rifleman of the tank's side (F7) 3" behind it.
func mortarOnTank(t *testing.T) *rules.State {
	t.Helper()
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{x: 24, y: 40, weapons: []string{"rifle"}}, {x: 26, y: 40, weapons: []string{"light-mortar"}}}}},
		{tunit: tunit{1, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}, {weapons: []string{"smg"}}, {weapons: []string{"handgun"}}}},
			veh: "medium-tank", vx: 24, vy: 20, facing: 0},
		{tunit: tunit{1, "trained", "", []tfig{{x: 24, y: 16, weapons: []string{"rifle"}}}}},
	}, 6, 1)
	setActive(s, 1, "advance-8")
	s.Fig(2).SetVar(fBraced, 1)
	return s
}

// landNext resolves the team's mission as the next round begins.
func landNext(st *rules.State) ([]rules.Event, error) {
	r := New().(SMLE)
	st.Round++
	for _, u := range teams(st) {
		r.newRoundVars(st, u)
	}
	return r.landMission(st, st.UnitOf(1)), nil
}

// Mortar rounds that land on a tank's hull strike it with their full
// dice on its top armour (bulletproof, 1D+2 on a medium tank): 6+6
// against 1+2 is twice or more, a kill.
func TestMortarOnTankTop(t *testing.T) {
	s := mortarOnTank(t)
	call := mustParse(t, "call U1 24,20 light-mortar")
	if !hasVerb(s, call.String()) {
		t.Fatalf("%s not legal: %v", call, New().Legal(s))
	}
	apply(t, s, call)
	s.Force(6, 6, 6, 6, 1) // observer hits the point; damage 6+6 against 1+2
	evs, _ := landNext(s)
	var dmg *rules.Ledger
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of") {
			dmg = e.Roll
		}
	}
	if dmg == nil || dmg.Outcome != VKill || !strings.Contains(dmg.What, "(top)") || len(dmg.Dice) != 3 {
		t.Fatalf("want a kill on the top armour: %+v\n%v", dmg, evs)
	}
	if !s.Veh(1).Damage.Has(vehicle.BrewedUp) {
		t.Errorf("the tank is not brewed up: %v", s.Veh(1).Damage)
	}
}

// Rounds landing off the hull leave the tank alone (only its crew's
// team comes under fire from the burst nearby, not a damage roll).
func TestMortarOffTheHull(t *testing.T) {
	s := mortarOnTank(t)
	apply(t, s, mustParse(t, "call U1 24,27 light-mortar"))
	s.Force(6, 6)
	evs, _ := landNext(s)
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of") {
			t.Fatalf("a round 7\" off struck the tank: %v", evs)
		}
	}
}

// The mission's odds for the tank (landing on it, then each damage
// result) and for the rifleman behind it are the engine's.
func TestMortarOnTankOddsSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("sampling")
	}
	s := mortarOnTank(t)
	call := mustParse(t, "call U1 24,20 light-mortar")
	o, err := New().Odds(s, call)
	if err != nil {
		t.Fatal(err)
	}
	called := s.Clone()
	apply(t, called, call)
	veh := 0
	for _, p := range o.Parts {
		class := partClass(p)
		if p.Fig == 0 && strings.HasPrefix(p.Name, "V1 ") {
			veh++
			class = func(_, _ *rules.State, evs []rules.Event) string {
				for _, e := range evs {
					if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Damage of") {
						return e.Roll.Outcome
					}
				}
				return NotLandedOn
			}
		}
		check(t, "mission on a tank", oddscheck.RunDist("call: "+p.Name, p.Outcomes, called, landNext, class, 20000, 41))
	}
	if veh != 1 {
		t.Fatalf("want one part for the tank: %+v", o.Parts)
	}
}
