package smle

import (
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

func weapon(t *testing.T, id string) *Weapon {
	t.Helper()
	w, ok := Std().Weapon(id)
	if !ok {
		t.Fatalf("no weapon %s", id)
	}
	return w
}

// The issue's worked example: a trained rifleman, not under fire, firing
// directly at a trained target in soft cover 10" away: 7 to hit with
// +2 (not under fire) +2 (direct fire) -2 (soft cover) = 2D6 of 5+.
func TestIssueRifleOdds(t *testing.T) {
	d := Std()
	in := ShotInput{Quality: "trained", Kind: FireDirect, NotUnderFire: true, Weapon: weapon(t, "rifle"),
		Range: geom.In(10), TargetQuality: "trained", Cover: terrain.CoverSoft}
	c, err := d.HitCounts(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(c) != 2 || c[1] != 30 || c[0] != 6 {
		t.Fatalf("hit counts %v, want 30/36 hit", c)
	}
	e, total := d.EffectCounts(EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "trained"})
	if total != 36 || e[Kill] != 9 || e[Serious] != 6 || e[Light] != 6 || e[NearMiss] != 15 {
		t.Fatalf("effect counts %v of %d, want 9/6/6/15 of 36", e, total)
	}
}

func TestShotModifiersForced(t *testing.T) {
	d := Std()
	rifle, lmg, smg := weapon(t, "rifle"), weapon(t, "lmg"), weapon(t, "smg")
	base := ShotInput{Quality: "trained", Kind: FireDirect, Weapon: rifle, Range: geom.In(10), TargetQuality: "trained"}
	cases := []struct {
		name string
		mod  func(*ShotInput)
		a, b int
		hits int
		tot  int
	}{
		{"plain 5 misses (7 needed, +2 direct)", func(*ShotInput) {}, 2, 2, 0, 6},
		{"plain 5 hits", func(*ShotInput) {}, 2, 3, 1, 7},
		{"snake eyes always miss", func(in *ShotInput) { in.Quality = "veteran"; in.TargetQuality = "untrained"; in.Prone = true }, 1, 1, 0, 7},
		{"close range rifle no bonus", func(in *ShotInput) { in.Range = geom.In(4) }, 2, 3, 1, 7},
		{"close range shotgun +4", func(in *ShotInput) { in.Weapon = weapon(t, "shotgun"); in.Range = geom.In(4) }, 1, 2, 1, 9},
		{"just beyond 4 no close", func(in *ShotInput) { in.Weapon = weapon(t, "shotgun"); in.Range = geom.In(4) + 1 }, 1, 2, 0, 5},
		{"extreme range -4", func(in *ShotInput) { in.Range = geom.In(30) }, 4, 4, 0, 6},
		{"autofire +1 hit per point over", func(in *ShotInput) { in.Weapon = lmg }, 5, 4, 5, 11},
		{"smg close autofire", func(in *ShotInput) { in.Weapon = smg; in.Range = geom.In(3) }, 3, 3, 5, 11},
		{"assault rifle autofire only close", func(in *ShotInput) { in.Weapon = weapon(t, "assault-rifle"); in.Range = geom.In(3) }, 3, 3, 4, 10},
		{"assault rifle single at range", func(in *ShotInput) { in.Weapon = weapon(t, "assault-rifle") }, 3, 3, 1, 8},
		{"moved half or more -4", func(in *ShotInput) { in.Moved = MovedHalfOrMore }, 4, 4, 0, 6},
		{"moved under half -2", func(in *ShotInput) { in.Moved = MovedUnderHalf }, 4, 3, 1, 7},
		{"return fire -2", func(in *ShotInput) { in.Kind = FireReturn }, 4, 3, 0, 5},
		{"panic fire -3", func(in *ShotInput) { in.Kind = FirePanic }, 5, 5, 1, 7},
		{"opportunity fire 0", func(in *ShotInput) { in.Kind = FireOpportunity }, 4, 3, 1, 7},
		{"light wound -2", func(in *ShotInput) { in.LightWound = true }, 3, 3, 0, 6},
		{"best cover only: hard beats into-sight", func(in *ShotInput) { in.Cover = terrain.CoverHard; in.IntoOutOfSight = true }, 4, 4, 1, 7},
		{"prepared position -4", func(in *ShotInput) { in.Cover = terrain.CoverPrepared }, 5, 4, 1, 7},
		{"specific figure -3, prone -1", func(in *ShotInput) { in.Specific = true; in.TargetProne = true }, 5, 4, 1, 7},
		{"green target +1, unaware +2", func(in *ShotInput) { in.TargetQuality = "green"; in.Unaware = true }, 1, 2, 1, 8},
		{"braced, prone, prepared, elite", func(in *ShotInput) { in.Braced = true; in.Prone = true; in.Prepared = true; in.Elite = true }, 1, 2, 1, 10},
	}
	for _, c := range cases {
		in := base
		c.mod(&in)
		h, l, err := d.ResolveShot(in, c.a, c.b, c.name)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if h != c.hits || l.Total != c.tot {
			t.Errorf("%s: hits %d total %d (mods %v), want %d / %d", c.name, h, l.Total, l.Mods, c.hits, c.tot)
		}
	}
	// Refusals.
	refuse := []func(*ShotInput){
		func(in *ShotInput) { in.Range = geom.In(48) + 1 },                              // beyond twice effective
		func(in *ShotInput) { in.Weapon = weapon(t, "hmg") },                            // heavy, not braced
		func(in *ShotInput) { in.Weapon = weapon(t, "light-mortar"); in.Braced = true }, // under 12"
	}
	for i, f := range refuse {
		in := base
		f(&in)
		if _, _, err := d.ResolveShot(in, 6, 6, ""); err == nil {
			t.Errorf("refusal %d: shot allowed", i)
		}
	}
	in := base
	in.Range = geom.In(48)
	if _, _, err := d.ResolveShot(in, 6, 6, ""); err != nil {
		t.Errorf("exactly twice effective range should be allowed: %v", err)
	}
}

func TestActivation(t *testing.T) {
	d := Std()
	cases := []struct {
		name  string
		in    ActivationInput
		face  int
		total int
		band  string
	}{
		{"fresh trained not under fire", ActivationInput{Quality: "trained", Fresh: true}, 1, 8, "advance-8"},
		{"fresh trained 6 double", ActivationInput{Quality: "trained", Fresh: true}, 6, 13, "double"},
		{"green under direct auto flank", ActivationInput{Quality: "green", DirectFire: true, AutoFire: true, Flank: true}, 3, 2, "fall-back-half"},
		{"untrained explosive rear", ActivationInput{Quality: "untrained", ExplosiveFire: true, Rear: true}, 3, -1, "break"},
		{"veteran leader prepared", ActivationInput{Quality: "veteran", Leader: true, Prepared: true, DirectFire: true}, 1, 10, "close-9"},
		{"fanatic replaces quality", ActivationInput{Quality: "green", Motive: "fanatic", DirectFire: true}, 1, 6, "stand-6"},
		{"warriors add 2", ActivationInput{Quality: "green", Motive: "warriors", DirectFire: true}, 1, 4, "pinned"},
		{"elite up one", ActivationInput{Quality: "trained", Motive: "elite", DirectFire: true}, 1, 4, "stand-5"},
		{"reluctant down one", ActivationInput{Quality: "trained", Motive: "reluctant", DirectFire: true}, 1, 4, "fall-back-half"},
		{"steady up toward 7", ActivationInput{Quality: "trained", Motive: "steady", DirectFire: true}, 1, 4, "stand-5"},
		{"steady down toward 7", ActivationInput{Quality: "trained", Motive: "steady", Fresh: true}, 6, 13, "close-11"},
		{"steady stays at 7", ActivationInput{Quality: "trained", Motive: "steady"}, 2, 7, "advance-7"},
		{"wounded, casualties, separated, broken", ActivationInput{Quality: "veteran", Wounded: 1, Casualties: 2, Separated: true, Broken: true}, 6, 6 + 6 + 1 - 1 - 4 - 2 - 2, "pinned"},
		{"armoured concealed hard cover", ActivationInput{Quality: "untrained", Armoured: true, Concealed: true, HardCover: true, DirectFire: true}, 2, 5, "stand-5"},
		{"good leader up one", ActivationInput{Quality: "trained", LeaderShift: 1, DirectFire: true}, 1, 4, "stand-5"},
		{"exceptional leader, double clamps", ActivationInput{Quality: "trained", LeaderShift: 2, Fresh: true}, 6, 13, "double"},
	}
	for _, c := range cases {
		total, band, l := d.ResolveActivation(c.face, c.in, c.name)
		if total != c.total || d.Bands[band].Name != c.band || l.Outcome != d.Bands[band].Label {
			t.Errorf("%s: total %d band %s (mods %v, note %q), want %d %s", c.name, total, d.Bands[band].Name, l.Mods, l.Note, c.total, c.band)
		}
		// The band-only answer (a team's current band, asked on every
		// move) is the ledger's band on every face.
		for f := 1; f <= 6; f++ {
			_, want, _ := d.ResolveActivation(f, c.in, "")
			if got := d.ActivationBand(f, c.in); got != want {
				t.Errorf("%s, face %d: ActivationBand %s, the ledger %s", c.name, f, d.Bands[got].Name, d.Bands[want].Name)
			}
		}
	}
	// Odds: a fresh trained team rolls 8..13: bands advance-8, close-9 x2,
	// close-11 x2, double.
	o := d.ActivationOdds(ActivationInput{Quality: "trained", Fresh: true})
	if o[d.BandIndex("advance-8")] != 1 || o[d.BandIndex("close-9")] != 2 || o[d.BandIndex("close-11")] != 2 || o[d.BandIndex("double")] != 1 {
		t.Errorf("activation odds %v", o)
	}
	// Forced roll through the state.
	s := &rules.State{}
	s.Force(4)
	_, band, l := d.RollActivation(s, ActivationInput{Quality: "green"}, "")
	if d.Bands[band].Name != "advance-7" || l.Dice[0].Face != 4 {
		t.Errorf("forced activation: %s %v", d.Bands[band].Name, l.Dice)
	}
}

func TestEffectTable(t *testing.T) {
	d := Std()
	cases := []struct {
		name  string
		in    EffectInput
		faces []int
		want  string
	}{
		{"rifle 6 vs 3 kills", EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "trained"}, []int{6, 3}, Kill},
		{"rifle 5 vs 3 serious", EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "trained"}, []int{5, 3}, Serious},
		{"rifle 3 vs 3 light", EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "trained"}, []int{3, 3}, Light},
		{"rifle 2 vs 3 near miss", EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "trained"}, []int{2, 3}, NearMiss},
		{"veteran defender +1", EffectInput{Weapon: weapon(t, "rifle"), Armour: "light", Quality: "veteran"}, []int{6, 2}, Kill},
		{"veteran elite body armour", EffectInput{Weapon: weapon(t, "rifle"), Armour: "body", Quality: "veteran", Motive: "elite"}, []int{6, 1}, Serious},
		{"veteran elite body armour 2", EffectInput{Weapon: weapon(t, "rifle"), Armour: "body", Quality: "veteran", Motive: "elite"}, []int{4, 1}, Light},
		{"hmg +2", EffectInput{Weapon: weapon(t, "hmg"), Armour: "light", Quality: "trained"}, []int{1, 2}, Serious},
		{"bazooka vs E/X column", EffectInput{Weapon: weapon(t, "bazooka"), Armour: "none", Quality: "untrained"}, []int{1, 1, 1}, Kill},
		{"burst is B 1D", EffectInput{Weapon: weapon(t, "grenade"), Burst: true, Armour: "light", Quality: "trained"}, []int{4, 2}, Kill},
		{"zero vs zero is light", EffectInput{Weapon: weapon(t, "smg"), Armour: "none", Quality: "untrained"}, []int{1, 2}, Light},
	}
	for _, c := range cases {
		got, l := d.ResolveEffect(c.in, c.faces, c.name)
		if got != c.want {
			t.Errorf("%s: %s (att %d def %d), want %s", c.name, got, l.Total, l.Target, c.want)
		}
	}
	// Burst attacks roll one die each through the state.
	s := &rules.State{}
	s.Force(6, 2)
	if o, l := d.RollEffect(s, EffectInput{Weapon: weapon(t, "grenade"), Burst: true, Armour: "light", Quality: "trained"}, ""); o != Kill || len(l.Dice) != 2 {
		t.Errorf("forced burst: %s %v", o, l.Dice)
	}
	// A 2D grenade hit on light infantry (vs E/X -1): exact count.
	e, n := d.EffectCounts(EffectInput{Weapon: weapon(t, "grenade"), Armour: "light", Quality: "trained"})
	sum := 0
	for _, v := range e {
		sum += v
	}
	if n != 216 || sum != 216 {
		t.Fatalf("grenade enumeration %d/%d", sum, n)
	}
	// Hand count: att=a+b (2..12), def=c-1 (0..5). Kill needs att>def and att>=2def.
	want := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				if at, df := a+b, c-1; at > df && at >= 2*df {
					want++
				}
			}
		}
	}
	if e[Kill] != want {
		t.Errorf("grenade kills %d, want %d", e[Kill], want)
	}
}

func TestCloseAssault(t *testing.T) {
	d := Std()
	rifle := weapon(t, "rifle")
	a := CloseInput{Weapon: rifle, Quality: "trained"}
	cases := []struct {
		name   string
		at, df CloseInput
		fa, fd int
		want   string
	}{
		{"6 vs 3 breaks defender", a, a, 6, 3, CloseDefenderBreaks},
		{"5 vs 3 kills defender", a, a, 5, 3, CloseDefenderKilled},
		{"4 vs 4 forces attacker back", a, a, 4, 4, CloseForcedBack},
		{"3 vs 4 kills attacker", a, a, 3, 4, CloseAttackerKilled},
		{"3 vs 6 attacker falls back", a, a, 3, 6, CloseAttackerFalls},
		{"smg +3 warriors +2 vs prepared veteran", CloseInput{Weapon: weapon(t, "smg"), Quality: "trained", Motive: "warriors"}, CloseInput{Weapon: rifle, Quality: "veteran", Prepared: true}, 1, 3, CloseForcedBack},
		{"outnumbered defender -2 for three", a, CloseInput{Weapon: rifle, Quality: "trained", Opponents: 3}, 2, 3, CloseDefenderBreaks},
		{"wounded surprised green", a, CloseInput{Weapon: rifle, Quality: "green", Wounded: true, Surprised: true}, 1, 6, CloseForcedBack},
		{"melee +3 armoured +1 untrained -2", CloseInput{Weapon: rifle, Quality: "untrained", Melee: true, Armoured: true}, a, 3, 4, CloseDefenderKilled},
	}
	for _, c := range cases {
		got, l := d.ResolveClose(c.at, c.df, c.fa, c.fd, c.name)
		if got != c.want {
			t.Errorf("%s: %s (att %d def %d), want %s", c.name, got, l.Total, l.Target, c.want)
		}
	}
	// Even trained riflemen: enumerate by hand.
	cnt := d.CloseCounts(a, a)
	if cnt[CloseForcedBack] != 6 || cnt[CloseDefenderBreaks] != 9 || cnt[CloseDefenderKilled] != 6 || cnt[CloseAttackerKilled] != 6 || cnt[CloseAttackerFalls] != 9 {
		t.Errorf("close counts %v", cnt)
	}
}

func TestExplosives(t *testing.T) {
	d := Std()
	for _, c := range []struct {
		n    int
		dist float64
		want int
	}{{2, 0, 2}, {2, 0.999, 2}, {2, 1, 1}, {2, 1.999, 1}, {2, 2, 0}, {3, 2.5, 1}, {3, 5, 0}} {
		if got := BurstDice(c.n, geom.In(c.dist)); got != c.want {
			t.Errorf("BurstDice(%d, %v) = %d, want %d", c.n, c.dist, got, c.want)
		}
		if got := BurstDiceAt(c.n, geom.P(0, 0), geom.P(0, c.dist)); got != c.want {
			t.Errorf("BurstDiceAt(%d, %v) = %d, want %d", c.n, c.dist, got, c.want)
		}
	}
	// Exact at the diagonal: 3-4-5 triangle of exactly 1".
	if got := BurstDiceAt(2, geom.Pt{}, geom.Pt{X: 600, Y: 800}); got != 1 {
		t.Errorf("at exactly 1\" diagonally: %d dice, want 1", got)
	}
	if got := BurstDiceAt(2, geom.Pt{}, geom.Pt{X: 600, Y: 799}); got != 2 {
		t.Errorf("just inside 1\" diagonally: %d dice, want 2", got)
	}
	cases := []struct {
		miss, face   int
		grenade, far bool
		want         int64
	}{
		{3, 1, false, false, -3000},
		{3, 4, false, false, 3000},
		{3, 4, true, false, 1500},
		{3, 2, true, false, -1500},
		{3, 6, false, true, 6000},
		{1, 6, true, true, 1000},
	}
	for _, c := range cases {
		if got := d.Deviation(c.miss, c.face, c.grenade, c.far); got != c.want {
			t.Errorf("deviation %+v = %d, want %d", c, got, c.want)
		}
	}
	if p := ImpactPoint(geom.P(0, 0), geom.P(0, 10), 2000); p != geom.P(0, 12) {
		t.Errorf("long: %v", p)
	}
	if p := ImpactPoint(geom.P(0, 0), geom.P(3, 4), -5000); p != geom.P(0, 0) {
		t.Errorf("short: %v", p)
	}
}

func TestOptionalRolls(t *testing.T) {
	d := Std()
	for _, c := range []struct {
		a, b int
		want string
	}{{1, 0, "incompetent"}, {2, 0, "okay"}, {4, 0, "okay"}, {5, 4, "good"}, {6, 5, "exceptional"}, {5, 6, "exceptional"}} {
		if q := d.LeaderQualityFor(c.a, c.b); q.Name != c.want {
			t.Errorf("leader %d,%d: %s, want %s", c.a, c.b, q.Name, c.want)
		}
	}
	s := &rules.State{}
	s.Force(5, 6)
	if q, l := d.RollLeaderQuality(s, "Sgt"); q.Name != "exceptional" || q.Shift != 2 || len(l.Dice) != 2 {
		t.Errorf("forced leader roll: %+v %v", q, l.Dice)
	}
	s.Force(3)
	if q, l := d.RollLeaderQuality(s, "Sgt"); q.Name != "okay" || q.Add != 1 || len(l.Dice) != 1 {
		t.Errorf("okay leader: %+v %v", q, l.Dice)
	}
	s.Force(1, 4, 4, 6)
	for _, c := range []struct {
		leader bool
		want   string
	}{{false, "green"}, {false, "trained"}, {true, "veteran"}, {true, "veteran"}} {
		if q, _ := d.RollQuality(s, "x", c.leader); q != c.want {
			t.Errorf("quality roll: %s, want %s", q, c.want)
		}
	}
	if ok, _ := d.KickDoor(4, "green"); ok {
		t.Errorf("green 4-1 = 3 fails")
	}
	if ok, _ := d.KickDoor(2, "veteran", "breakers"); !ok {
		t.Errorf("veteran with breakers 2+3 = 5 succeeds")
	}
	if p := d.TeamPoints([]string{"elite"}, true, false, 2, 0); p != 32 {
		t.Errorf("elite team with section leader and 2 grenades: %v, want 32", p)
	}
}

func TestRangeBoundariesExact(t *testing.T) {
	rifle := weapon(t, "rifle")
	// 4" exactly along a 3-4-5 diagonal is close range; a hair more is not.
	if r := rangeFor(rifle, geom.Pt{}, geom.Pt{X: 2400, Y: 3200}); r != 4000 {
		t.Errorf("exactly 4\": %d", r)
	}
	if r := rangeFor(rifle, geom.Pt{}, geom.Pt{X: 2400, Y: 3201}); r <= 4000 {
		t.Errorf("just over 4\" must not be close: %d", r)
	}
	// 48.0004" rounds to 48" but is out of reach.
	p := geom.Pt{X: 1, Y: 48000}
	if inReach(rifle, geom.Pt{}, p) || rangeFor(rifle, geom.Pt{}, p) <= 48000 {
		t.Errorf("a shade over twice effective range is out of reach")
	}
	mortar := weapon(t, "light-mortar")
	q := geom.Pt{X: 1, Y: 11999} // just under 12"
	if inReach(mortar, geom.Pt{}, q) || rangeFor(mortar, geom.Pt{}, q) >= 12000 {
		t.Errorf("a shade under minimum range is too close")
	}
}
