package smle

import (
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// The crew's panel says how far the vehicle may drive this round and
// why, beside its combat move: "combat move 20\"" next to "it may go
// 4.4\" more this round (it gains half its road speed a round)" did not
// square for a play-tester, nor did "(out prone, its go over)".
func TestDriveLineSaysTheRoundsLimit(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 44, facing: 0},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	setActive(s, 1, "close-11")
	r := New().(SMLE)
	lines := func() string {
		u := s.UnitOf(1)
		return strings.Join(r.vehicleLines(s, u, r.d.Bands[uget(u, vBand)]), " / ")
	}
	got := lines()
	for _, want := range []string{"combat move 20\" clear, 24\" on road", "From a standstill it may go 12\" this round (half its road speed)"} {
		if !strings.Contains(got, want) {
			t.Errorf("before driving: %q lacks %q", got, want)
		}
	}
	apply(t, s, rules.Command{Verb: "drive", Unit: 1, Path: []geom.Pt{geom.P(10, 36.4)}, Arg: "V1"})
	passOpp(t, s)
	got = lines()
	if !strings.Contains(got, "it may go 12\" this round (half its road speed): 7.6\" driven, 4.4\" left.") {
		t.Errorf("after 7.6\": %q", got)
	}
	if strings.Contains(got, "gains half") || strings.Contains(got, "more this round") {
		t.Errorf("the old words: %q", got)
	}
	s.Round++
	setActive(s, 1, "close-11")
	if got = lines(); !strings.Contains(got, "After 7.6\" last round it may go 19.6\" this round (a vehicle picks up at most half its road speed, 12\", a round).") {
		t.Errorf("next round: %q", got)
	}
}

// The riders' line says plainly when they may get out and how.
func TestDebusLineInPlainWords(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"assault-rifle"}}, {weapons: []string{"assault-rifle"}}}}, veh: "apc", vx: 10, vy: 10, facing: 0},
		{tunit: tunit{0, "trained", "", []tfig{{x: 9, y: 14, weapons: []string{"rifle"}}, {x: 11, y: 14, weapons: []string{"rifle"}}}}},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 44)}},
	}, 6, 1, 5)
	r := New().(SMLE)
	setActive(s, 2, "advance-8")
	apply(t, s, rules.Command{Verb: "board", Unit: 2, Arg: "V1"})
	s.Round++
	setActive(s, 2, "stand-6")
	u := s.UnitOf(2)
	got := strings.Join(r.vehicleLines(s, u, r.d.Bands[uget(u, vBand)]), " / ")
	if !strings.Contains(got, "they get out prone and their go ends") || strings.Contains(got, "its go over") || !strings.Contains(got, "no more than a man's move (") {
		t.Errorf("the riders' line: %q", got)
	}
}

// The crew's own "get out" names the crew: the bar added the team's name
// to "Crew get out: Chalk 1 is abandoned", reading "...: Helicopter crew"
// (play-test 6).
func TestCrewGetOutNamesTheCrew(t *testing.T) {
	s := vehState(t, []vunit{
		{tunit: tunit{0, "trained", "", []tfig{{weapons: []string{"handgun"}}, {weapons: []string{"handgun"}}}}, veh: "medium-tank", vx: 10, vy: 44, facing: 0},
		{tunit: tunit{1, "trained", "", rifles(1, 40, 4)}},
	}, 6, 1)
	r := New().(SMLE)
	act := r.vehicleAction(s, rules.Command{Verb: "debus", Unit: 1, Arg: "V1"})
	u, v := s.UnitOf(1), s.Veh(1)
	if !strings.HasPrefix(act.Label, u.Name+" get out") || !strings.Contains(act.Label, v.Name) {
		t.Errorf("the crew's get out reads %q (crew %q, vehicle %q)", act.Label, u.Name, v.Name)
	}
}
