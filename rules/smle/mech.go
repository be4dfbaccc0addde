package smle

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// Rule names used in ledgers.
const (
	ruleAct    = "SMLE Activation"
	ruleShoot  = "SMLE Shooting"
	ruleEffect = "SMLE Effect of Fire"
	ruleClose  = "SMLE Close Assault"
	ruleBurst  = "SMLE Explosives"
)

// ---------------------------------------------------------------------------
// Activation

// ActivationInput is everything the activation roll depends on.
type ActivationInput struct {
	Quality string // untrained, green, trained, veteran
	Motive  string // elite, fanatic, reluctant, steady, warriors, or "" (none)
	// LeaderShift is a good (1) or exceptional (2) leader's band shift.
	Leader, Fresh, Armoured, Concealed, HardCover, Prepared bool
	LeaderShift                                             int
	Wounded, Casualties                                     int
	DirectFire, AutoFire, ExplosiveFire, Flank, Rear        bool
	Separated, Broken                                       bool
}

// UnderFire reports whether any under-fire modifier applies.
func (in ActivationInput) UnderFire() bool {
	return in.DirectFire || in.AutoFire || in.ExplosiveFire || in.Flank || in.Rear
}

// ActivationMods lists the additive modifiers to the activation die.
func (d *Data) ActivationMods(in ActivationInput) []rules.Mod {
	var mods []rules.Mod
	d.activationMods(in, func(v int, why string) {
		mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleAct})
	})
	return mods
}

// activationMods calls each with every modifier ActivationMods lists, in
// its order.
func (d *Data) activationMods(in ActivationInput, each func(v int, why string)) {
	add := func(ok bool, v int, why string) {
		if ok && v != 0 {
			each(v, why)
		}
	}
	mot := d.Activation.Motive[in.Motive]
	if !mot.ReplacesQuality {
		add(true, d.Activation.Quality[in.Quality], in.Quality+" troops")
	}
	add(mot.Add != 0, mot.Add, in.Motive)
	m := d.Activation.Mods
	add(in.Leader, m.Leader, "leader with the group")
	add(in.Fresh, m.Fresh, "fresh troops")
	add(in.Armoured, m.Armoured, "armoured troops")
	add(in.Concealed, m.Concealed, "concealed")
	add(in.HardCover, m.HardCover, "in hard cover")
	add(in.Prepared, m.Prepared, "in a prepared position")
	for i := 0; i < in.Wounded; i++ {
		add(true, m.EachWounded, "wounded figure")
	}
	for i := 0; i < in.Casualties; i++ {
		add(true, m.EachCasualty, "casualty")
	}
	add(!in.UnderFire(), m.NotUnderFire, "not under fire")
	add(in.DirectFire, m.DirectFire, "under direct fire")
	add(in.AutoFire, m.AutoFire, "under autofire")
	add(in.ExplosiveFire, m.ExplosiveFire, "under explosive fire")
	add(in.Flank, m.Flank, "attacked from the flank")
	add(in.Rear, m.Rear, "attacked from the rear")
	add(in.Separated, m.Separated, "separated from the unit")
	add(in.Broken, m.Broken, "broken troops")
}

// ActivationBand is ResolveActivation's band alone, without the ledger
// (its modifiers summed, not listed; no note written).
func (d *Data) ActivationBand(face int, in ActivationInput) int {
	total := face
	d.activationMods(in, func(v int, _ string) { total += v })
	return d.shiftBand(d.BandFor(total), in, nil)
}

// ShiftBand applies motivation and leader band shifts to a band index and
// says what it did.
func (d *Data) ShiftBand(band int, in ActivationInput) (int, string) {
	var note string
	band = d.shiftBand(band, in, &note)
	return band, note
}

// shiftBand is ShiftBand, writing its note only where note is not nil.
func (d *Data) shiftBand(band int, in ActivationInput, note *string) int {
	say := func(f string, a ...any) {
		if note != nil {
			*note += fmt.Sprintf(f, a...)
		}
	}
	mot := d.Activation.Motive[in.Motive]
	top := len(d.Bands) - 1
	clamp := func(b int) int { return max(0, min(top, b)) }
	if mot.Shift != 0 {
		band = clamp(band + mot.Shift)
		say("%s: %+d band; ", in.Motive, mot.Shift)
	}
	if mot.Toward {
		t := d.BandIndex(d.SteadyToward)
		switch {
		case band < t:
			band++
			say("steady: one band up towards %s; ", d.Bands[t].Label)
		case band > t:
			band--
			say("steady: one band down towards %s; ", d.Bands[t].Label)
		}
	}
	if in.LeaderShift != 0 {
		band = clamp(band + in.LeaderShift)
		say("leader: %+d band; ", in.LeaderShift)
	}
	if note != nil && *note != "" {
		*note = (*note)[:len(*note)-2]
	}
	return band
}

// ResolveActivation turns a die face into a total, band and ledger.
func (d *Data) ResolveActivation(face int, in ActivationInput, what string) (total, band int, l rules.Ledger) {
	mods := d.ActivationMods(in)
	l = rules.Ledger{What: what, Dice: []rules.Die{{Sides: 6, Face: face}}, Compare: "table", Mods: mods}
	total = face + l.ModTotal()
	l.Total = total
	band, l.Note = d.ShiftBand(d.BandFor(total), in)
	l.Outcome = d.Bands[band].Label // the row as players call it ("Close"); the total says which
	return total, band, l
}

// RollActivation rolls one team's activation.
func (d *Data) RollActivation(s *rules.State, in ActivationInput, what string) (total, band int, l rules.Ledger) {
	return d.ResolveActivation(s.Roll(6).Face, in, what)
}

// ActivationOdds gives, per band, how many of the six faces land in it.
func (d *Data) ActivationOdds(in ActivationInput) []int {
	out := make([]int, len(d.Bands))
	for f := 1; f <= 6; f++ {
		_, b, _ := d.ResolveActivation(f, in, "")
		out[b]++
	}
	return out
}

// ---------------------------------------------------------------------------
// Shooting

// Fire kinds.
const (
	FireDirect      = "direct"
	FireOpportunity = "opportunity"
	FireReturn      = "return"
	FirePanic       = "panic"
	// FireAimed is the fire command's word for direct fire aimed at one
	// specific figure (each firer at -3; every hit lands on that figure).
	FireAimed = "aimed"
)

// Moved says how far a firer moved this turn.
const (
	MovedNone = iota
	MovedUnderHalf
	MovedHalfOrMore
)

// ShotInput is everything one to-hit roll depends on.
type ShotInput struct {
	Quality      string // firer's troop quality
	Elite        bool
	Kind         string // FireDirect, FireOpportunity, FireReturn, FirePanic
	Moved        int
	Prone        bool
	Braced       bool
	Prepared     bool // firing from a prepared position
	NotUnderFire bool
	LightWound   bool
	Weapon       *Weapon
	Range        int64 // firer to target, position units
	Indirect     bool  // observer's roll for indirect fire (no range limits)
	Observed     int   // indirect: rounds already observed on this point

	TargetQuality  string
	Specific       bool // aiming at one specific figure
	Unaware        bool
	IntoOutOfSight bool
	MovedOverHalf  bool // target moved more than half a move in sight
	TargetProne    bool
	Cover          terrain.Cover
	// A vehicle target: its size modifier (very small +0 .. huge +4,
	// flying -4 more) and the words for the ledger (vehicles.go).
	VehicleSize    int
	VehicleSizeWhy string
}

// CloseRange reports a shot at 4" or less.
func (in ShotInput) CloseRange() bool { return in.Range <= 4*geom.PerInch }

// Extreme reports a shot beyond effective range.
func (in ShotInput) Extreme() bool {
	return !in.Indirect && in.Range > int64(in.Weapon.Range)*geom.PerInch
}

// ShotMods gives the to-hit number and modifiers, or why the shot is not
// allowed.
func (d *Data) ShotMods(in ShotInput) (target int, mods []rules.Mod, err error) {
	w := in.Weapon
	if w == nil {
		return 0, nil, fmt.Errorf("no weapon")
	}
	tn, ok := d.ToHit[in.Quality]
	if !ok {
		return 0, nil, fmt.Errorf("unknown troop quality %q", in.Quality)
	}
	if !in.Indirect {
		if in.Range > 2*int64(w.Range)*geom.PerInch {
			return 0, nil, fmt.Errorf("out of range: %s reaches %d\" at most", w.Name, 2*w.Range)
		}
		if in.Range < int64(w.MinRange)*geom.PerInch {
			return 0, nil, fmt.Errorf("too close: %s may not fire under %d\"", w.Name, w.MinRange)
		}
	}
	if w.Heavy() && !in.Braced {
		return 0, nil, fmt.Errorf("%s must be braced before it fires", w.Name)
	}
	add := func(ok bool, v int, why string) {
		if ok && v != 0 {
			mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleShoot})
		}
	}
	f := d.FirerMods
	add(in.Elite, f.Elite, "elite firer")
	add(in.Moved == MovedHalfOrMore, f.MovedHalfOrMore, "firer moved half a move or more")
	add(in.Moved == MovedUnderHalf, f.MovedUnderHalf, "firer moved under half a move")
	add(in.Prone && !in.Indirect, f.Prone, "prone firer")
	// The observer of indirect fire adds only his quality, the firer
	// modifiers of his own state and +2 for each later round observed:
	// the mortar's bracing and the kind of fire are not his.
	add(in.Braced && !in.Indirect, f.Braced, "braced weapon")
	add(in.Prepared, f.Prepared, "firing from a prepared position")
	add(in.NotUnderFire, f.NotUnderFire, "firer not under fire")
	add(in.LightWound, f.LightWound, "firer lightly wounded")
	switch {
	case in.Indirect:
	case in.Kind == FireDirect:
		add(true, f.Direct, "direct fire")
	case in.Kind == FireOpportunity:
		add(true, f.Opportunity, "opportunity fire")
	case in.Kind == FireReturn:
		add(true, f.Return, "return fire")
	case in.Kind == FirePanic:
		add(true, f.Panic, "panic fire")
	default:
		return 0, nil, fmt.Errorf("unknown kind of fire %q", in.Kind)
	}
	if in.Indirect {
		add(in.Observed > 0, in.Observed*d.Explosive.ObserverBonus, fmt.Sprintf("observed for %d round(s)", in.Observed))
	} else {
		add(in.CloseRange() && !w.CloseNA, w.Close, "close range: "+w.Name)
		add(in.Extreme(), f.ExtremeRange, "beyond effective range")
	}
	t := d.TargetMods
	switch in.TargetQuality {
	case "untrained":
		add(true, t.Untrained, "untrained target")
	case "green":
		add(true, t.Green, "green target")
	case "veteran":
		add(true, t.Veteran, "veteran target")
	}
	add(in.Specific, t.SpecificFigure, "aimed at one figure")
	add(in.Unaware, t.Unaware, "target unaware")
	// Cover: only the best one counts, and moving into or out of sight is
	// one of the cover modifiers.
	best, why := 0, ""
	consider := func(ok bool, v int, w string) {
		if ok && v < best {
			best, why = v, w
		}
	}
	consider(in.IntoOutOfSight, t.IntoOutOfSight, "moving into or out of sight")
	consider(in.Cover == terrain.CoverSoft, t.SoftCover, "soft cover")
	consider(in.Cover == terrain.CoverHard, t.HardCover, "hard cover")
	consider(in.Cover == terrain.CoverPrepared, t.PreparedPosition, "prepared position")
	add(best != 0, best, why)
	add(in.MovedOverHalf, t.MovedOverHalf, "target moved over half a move in sight")
	add(in.TargetProne, t.Prone, "prone target")
	add(in.VehicleSizeWhy != "", in.VehicleSize, in.VehicleSizeWhy)
	return tn, mods, nil
}

// ShotHits applies the to-hit rules to a 2D6 pair: snake eyes always
// miss; an autofire weapon adds one hit per point over the number.
func ShotHits(a, b, modTotal, target int, auto bool) int {
	if a == 1 && b == 1 {
		return 0
	}
	t := a + b + modTotal
	if t < target {
		return 0
	}
	if auto {
		return 1 + t - target
	}
	return 1
}

// ResolveShot resolves a to-hit roll with the given faces.
func (d *Data) ResolveShot(in ShotInput, a, b int, what string) (hits int, l rules.Ledger, err error) {
	tn, mods, err := d.ShotMods(in)
	if err != nil {
		return 0, rules.Ledger{}, err
	}
	l = rules.Ledger{What: what, Dice: []rules.Die{{Sides: 6, Face: a}, {Sides: 6, Face: b}}, Target: tn, Compare: ">=", Mods: mods}
	l.Total = a + b + l.ModTotal()
	auto := in.Weapon.Auto(in.CloseRange()) && in.Kind != FirePanic && in.Kind != FireReturn
	hits = ShotHits(a, b, l.ModTotal(), tn, auto)
	switch {
	case a == 1 && b == 1:
		l.Outcome, l.Note = "miss", "snake eyes always miss"
	case hits == 0:
		l.Outcome = "miss"
	case hits == 1:
		l.Outcome = "hit"
	default:
		l.Outcome = "hit"
		l.Note = fmt.Sprintf("autofire: %d hits", hits)
	}
	return hits, l, nil
}

// RollShot rolls 2D6 to hit.
func (d *Data) RollShot(s *rules.State, in ShotInput, what string) (int, rules.Ledger, error) {
	if _, _, err := d.ShotMods(in); err != nil {
		return 0, rules.Ledger{}, err
	}
	a, b := s.Roll(6).Face, s.Roll(6).Face
	return d.ResolveShot(in, a, b, what)
}

// HitCounts enumerates the 36 outcomes: out[h] is how many give h hits.
func (d *Data) HitCounts(in ShotInput) ([]int, error) {
	out := []int{0}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			h, _, err := d.ResolveShot(in, a, b, "")
			if err != nil {
				return nil, err
			}
			for len(out) <= h {
				out = append(out, 0)
			}
			out[h]++
		}
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Effect of fire

// Effect outcomes, worst first.
const (
	Kill     = "kill"
	Serious  = "serious"
	Light    = "light"
	NearMiss = "near miss"
	Miss     = "miss"
)

// EffectNames lists effect outcomes from worst to mildest.
var EffectNames = []string{Kill, Serious, Light, NearMiss}

// EffectInput describes one hit on one figure.
type EffectInput struct {
	Weapon *Weapon
	// Burst: a one-die B-type attack from an explosive's burst (the
	// weapon's own dice and adds do not apply).
	Burst bool
	// Dice overrides the weapon's dice when > 0 (a burst's reduced dice
	// are still rolled one attack per die, see BurstDice).
	Armour  string // none, light, body
	Quality string // defender
	Motive  string // defender
}

// attackDice gives the firer's dice count and add and the armour column.
func (d *Data) attackDice(in EffectInput) (n, add int, vsEX bool) {
	if in.Burst {
		return 1, 0, false
	}
	w := in.Weapon
	return w.Dice, w.Add, w.Has('E') || w.Has('X')
}

// DefenderMods lists the defender's modifiers against a hit.
func (d *Data) DefenderMods(in EffectInput) []rules.Mod {
	var mods []rules.Mod
	_, _, ex := d.attackDice(in)
	a := d.Armour[in.Armour]
	v, col := a.VsB, "vs B"
	if ex {
		v, col = a.VsEX, "vs E/X"
	}
	if v != 0 {
		mods = append(mods, rules.Mod{Value: v, Reason: fmt.Sprintf("armour %s %s", in.Armour, col), Rule: ruleEffect})
	}
	if q := d.DefenderTable[in.Quality]; q != 0 {
		mods = append(mods, rules.Mod{Value: q, Reason: in.Quality + " defender", Rule: ruleEffect})
	}
	if m := d.DefenderTable[in.Motive]; m != 0 && in.Motive != "" {
		mods = append(mods, rules.Mod{Value: m, Reason: in.Motive + " defender", Rule: ruleEffect})
	}
	return mods
}

// EffectResult compares the firer's and defender's totals. A firer total
// of twice the defender's or more kills, provided it beats the defender's
// at all (so equal totals of zero or less are a light wound, not a kill).
func EffectResult(att, def int) string {
	switch {
	case att > def && att >= 2*def:
		return Kill
	case att > def:
		return Serious
	case att == def:
		return Light
	}
	return NearMiss
}

// ResolveEffect resolves a hit with the given faces: the firer's dice
// first, then the defender's die.
func (d *Data) ResolveEffect(in EffectInput, faces []int, what string) (string, rules.Ledger) {
	n, add, _ := d.attackDice(in)
	l := rules.Ledger{What: what, Compare: "opposed"}
	att := add
	for i := 0; i < n; i++ {
		l.Dice = append(l.Dice, rules.Die{Sides: 6, Face: faces[i]})
		att += faces[i]
	}
	if add != 0 {
		l.Mods = append(l.Mods, rules.Mod{Value: add, Reason: "weapon damage add", Rule: ruleEffect})
	}
	dm := d.DefenderMods(in)
	def := faces[n]
	for _, m := range dm {
		def += m.Value
	}
	l.Dice = append(l.Dice, rules.Die{Sides: 6, Face: faces[n]})
	l.Mods = append(l.Mods, dm...)
	l.Total, l.Target = att, def
	l.Outcome = EffectResult(att, def)
	l.Note = fmt.Sprintf("damage %d against defence %d (last die is the defender's; defender modifiers count against the defence)", att, def)
	return l.Outcome, l
}

// RollEffect rolls the damage dice and the defender's die.
func (d *Data) RollEffect(s *rules.State, in EffectInput, what string) (string, rules.Ledger) {
	n, _, _ := d.attackDice(in)
	faces := make([]int, n+1)
	for i := range faces {
		faces[i] = s.Roll(6).Face
	}
	return d.ResolveEffect(in, faces, what)
}

// EffectCounts enumerates every face combination: counts per outcome
// (keyed as EffectNames) out of 6^(dice+1).
func (d *Data) EffectCounts(in EffectInput) (map[string]int, int) {
	n, _, _ := d.attackDice(in)
	faces := make([]int, n+1)
	out := map[string]int{}
	total := 0
	var rec func(i int)
	rec = func(i int) {
		if i == len(faces) {
			o, _ := d.ResolveEffect(in, faces, "")
			out[o]++
			total++
			return
		}
		for f := 1; f <= 6; f++ {
			faces[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	return out, total
}

// ---------------------------------------------------------------------------
// Close assault

// Close assault outcomes (from the attacker's point of view).
const (
	CloseDefenderBreaks = "defender breaks"
	CloseDefenderKilled = "defender killed"
	CloseForcedBack     = "attacker forced back"
	CloseAttackerKilled = "attacker killed"
	CloseAttackerFalls  = "attacker falls back"
	// CloseSurrender: a broken team caught in a close assault gives up
	// without a fight.
	CloseSurrender = "defenders surrender"
)

// CloseNames lists close assault outcomes in a fixed order.
var CloseNames = []string{CloseDefenderBreaks, CloseDefenderKilled, CloseForcedBack, CloseAttackerKilled, CloseAttackerFalls}

// CloseInput is one figure's side of a close combat.
type CloseInput struct {
	Weapon     *Weapon
	Quality    string
	Motive     string
	Armoured   bool // armoured infantry
	Prepared   bool // defending a prepared position
	Wounded    bool
	Surprised  bool
	Opponents  int // figures facing this one (1 or more)
	Melee      bool
	Improvised bool
}

// CloseMods lists the close combat modifiers for one figure.
func (d *Data) CloseMods(in CloseInput) []rules.Mod {
	var mods []rules.Mod
	add := func(ok bool, v int, why string) {
		if ok && v != 0 {
			mods = append(mods, rules.Mod{Value: v, Reason: why, Rule: ruleClose})
		}
	}
	c := d.CloseTable
	if in.Weapon != nil && !in.Weapon.CloseNA {
		add(true, in.Weapon.Close, "close factor: "+in.Weapon.Name)
	}
	add(true, c[in.Quality], in.Quality)
	if in.Motive != "" {
		add(true, c[in.Motive], in.Motive)
	}
	add(in.Armoured, c["armoured"], "armoured infantry")
	add(in.Prepared, c["prepared"], "defending a prepared position")
	add(in.Wounded, c["wounded"], "wounded")
	add(in.Surprised, c["surprised"], "surprised or unaware")
	if in.Opponents > 1 {
		add(true, (in.Opponents-1)*c["outnumbered_each"], fmt.Sprintf("outnumbered by %d", in.Opponents))
	}
	add(in.Melee, c["melee_weapon"], "melee weapon")
	add(in.Improvised, c["improvised_weapon"], "improvised weapon")
	return mods
}

// CloseResult compares the attacker's and defender's totals. Twice is
// checked against a positive total only, so that a total of zero or less
// is simply beaten.
func CloseResult(att, def int) string {
	switch {
	case att > def && att >= 2*def:
		return CloseDefenderBreaks
	case att > def:
		return CloseDefenderKilled
	case att == def:
		return CloseForcedBack
	case def >= 2*att:
		return CloseAttackerFalls
	}
	return CloseAttackerKilled
}

// ResolveClose resolves one pairing with the given faces.
func (d *Data) ResolveClose(att, def CloseInput, fa, fd int, what string) (string, rules.Ledger) {
	am, dm := d.CloseMods(att), d.CloseMods(def)
	at, dt := fa, fd
	for _, m := range am {
		at += m.Value
	}
	for _, m := range dm {
		dt += m.Value
	}
	l := rules.Ledger{What: what, Dice: []rules.Die{{Sides: 6, Face: fa}, {Sides: 6, Face: fd}}, Compare: "opposed", Mods: am, Total: at, Target: dt}
	for _, m := range dm {
		m.Reason = "defender: " + m.Reason
		m.Value = -m.Value
		l.Mods = append(l.Mods, m)
	}
	l.Outcome = CloseResult(at, dt)
	l.Note = fmt.Sprintf("attacker %d against defender %d (defender modifiers shown negated)", at, dt)
	return l.Outcome, l
}

// CloseCounts enumerates the 36 face pairs of one pairing.
func (d *Data) CloseCounts(att, def CloseInput) map[string]int {
	out := map[string]int{}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			o, _ := d.ResolveClose(att, def, a, b, "")
			out[o]++
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Explosives

// BurstDice is how many one-die attacks a figure at distance dist (position
// units, from the point of impact) takes from an explosive with n dice:
// one die fewer per whole inch, so the radius in inches equals n.
func BurstDice(n int, dist int64) int {
	k := 0
	for k < n && dist >= int64(k+1)*geom.PerInch {
		k++
	}
	return n - k
}
