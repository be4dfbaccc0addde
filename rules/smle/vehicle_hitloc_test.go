package smle

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/scenario"
	"hedgerow/rules/vehicle"
)

// A bazooka man 10" in front of a medium tank facing him, on an open
// table, with the scenario's hit_locations key as given.
const hitLocScenario = `name = "Hit locations"
rule_set = "smle"
map = "open.toml"
%s

[[side]]
name = "Infantry"
colour = "#8b4513"

  [[side.unit]]
  name = "Tank hunters"
  quality = "trained"

    [[side.unit.figure]]
    name = "Pte Able"
    weapons = ["rifle", "bazooka"]
    pos = [24, 30]
    placed = true

[[side]]
name = "Armour"
colour = "#5d6b4e"

  [[side.unit]]
  name = "Tank crew"
  quality = "trained"

    [[side.unit.figure]]
    name = "Cmdr"
    weapons = ["handgun"]

    [[side.unit.figure]]
    name = "Gunner"
    weapons = ["handgun"]

    [[side.unit.figure]]
    name = "Driver"
    weapons = ["smg"]

    [[side.unit.figure]]
    name = "Loader"
    weapons = ["handgun"]

    [[side.unit.vehicle]]
    name = "Panzer"
    type = "medium-tank"
    pos = [24, 20]
    facing = 180
    crew = ["Cmdr", "Gunner", "Driver", "Loader"]
`

const openMap = `name = "Open table"
[table]
width = 48
height = 48

[[area]]
name = "south"
kind = "deployment"
side = 0
rect = [0, 40, 48, 8]

[[area]]
name = "north"
kind = "deployment"
side = 1
rect = [0, 0, 48, 8]
`

// hitLocDuel loads the duel from its scenario text (key is the line to
// add at the top, "" for none) and gives the bazooka team the move: the
// tank crew rolls 1 and goes first, then ends.
func hitLocDuel(t *testing.T, key string) *rules.State {
	t.Helper()
	sc, m, err := scenario.Parse("duel.toml", []byte(fmt.Sprintf(hitLocScenario, key)), func(string) (string, []byte, error) {
		return "open.toml", []byte(openMap), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.NewState(sc, m)
	if err != nil {
		t.Fatal(err)
	}
	s.Force(6, 1)
	if _, err := New().Start(s); err != nil {
		t.Fatal(err)
	}
	apply(t, s, rules.Command{Verb: "end"})
	return s
}

// The scenario key turns the chart on: a serious wound then rolls where it
// struck (here 2, the engine: immobilised for good); without the key the
// same dice leave no location roll.
func TestHitLocationsScenarioKey(t *testing.T) {
	shot := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	// hit 4+4; 6+5+2 = 13 against 4+4+4 = 12: a serious wound; then 2
	on := hitLocDuel(t, "hit_locations = true")
	if on.Var(VarHitLocations) != 1 {
		t.Fatal("hit_locations = true did not reach the state")
	}
	on.Force(4, 4, 6, 5, 4, 4, 4, 2)
	evs := apply(t, on, shot)
	v := on.Veh(1)
	if !v.Damage.Has(vehicle.Immobilised) || v.Var(vvVSW) != 1 {
		t.Fatalf("engine hit: damage %v, serious wounds %d: %v", v.Damage, v.Var(vvVSW), evs)
	}
	loc := false
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Hit location") {
			loc = len(e.Roll.Dice) == 1 && e.Roll.Dice[0].Face == 2 && e.Roll.Outcome == "engine"
		}
	}
	if !loc {
		t.Errorf("no hit location roll with its ledger: %v", evs)
	}

	off := hitLocDuel(t, "")
	off.Force(4, 4, 6, 5, 4, 4, 4, 2)
	evs = apply(t, off, shot)
	if v := off.Veh(1); v.Damage.Has(vehicle.Immobilised) || v.Var(vvVSW) != 1 {
		t.Fatalf("without the chart: damage %v, serious wounds %d", v.Damage, v.Var(vvVSW))
	}
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.What, "Hit location") {
			t.Errorf("a location rolled without the chart: %v", e.Roll)
		}
	}
}

// The odds of the same shot with the chart: a sixth of the serious wounds
// (the fuel or ammunition) become kills, and nothing else changes.
func TestHitLocationsOddsWithTheKey(t *testing.T) {
	shot := rules.Command{Verb: "shoot", Fig: 1, Arg: "V1"}
	on, err := New().Odds(hitLocDuel(t, "hit_locations = true"), shot)
	if err != nil {
		t.Fatal(err)
	}
	off, err := New().Odds(hitLocDuel(t, ""), shot)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if !near(on.P(VKill), off.P(VKill)+off.P(VSerious)/6) || !near(on.P(VSerious), off.P(VSerious)*5/6) ||
		!near(on.P(VLight), off.P(VLight)) || !near(on.P(Miss), off.P(Miss)) || off.P(VSerious) == 0 {
		t.Errorf("with the chart %+v, without %+v", on.Outcomes, off.Outcomes)
	}
}

// A scenario for S.M.L.E. may switch the chart on; its value is checked.
func TestHitLocationsKeyChecked(t *testing.T) {
	_, _, err := scenario.Parse("duel.toml", []byte(fmt.Sprintf(hitLocScenario, `hit_locations = "yes"`)), func(string) (string, []byte, error) {
		return "open.toml", []byte(openMap), nil
	})
	if err == nil || !strings.Contains(err.Error(), `duel.toml:4:1: hit_locations must be true or false, not text`) {
		t.Fatalf("got %v", err)
	}
	old := rules.LookupRuleSet
	t.Cleanup(func() { rules.LookupRuleSet = old })
	rules.LookupRuleSet = func(id string) (rules.RuleSet, bool) { return New(), id == "smle" }
	if _, _, err := scenario.Parse("duel.toml", []byte(fmt.Sprintf(hitLocScenario, "hit_locations = true")), func(string) (string, []byte, error) {
		return "open.toml", []byte(openMap), nil
	}); err != nil {
		t.Fatalf("S.M.L.E. knows the chart: %v", err)
	}
}
