package smle

import (
	"fmt"
	"slices"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// armourOf names a figure's armour rating.
func armourOf(s *rules.State, f *rules.Figure) string {
	if u := s.UnitOf(f.Unit); u != nil {
		switch uget(u, vArmour) {
		case 1:
			return "none"
		case 3:
			return "body"
		}
	}
	return "light"
}

// shotInput builds the to-hit situation of one firer at one figure.
func (r SMLE) shotInput(s *rules.State, f, t *rules.Figure, w *Weapon, kind string) ShotInput {
	u := s.UnitOf(f.Unit)
	in := ShotInput{Quality: f.Quality, Elite: f.Motive == "elite", Kind: kind, Weapon: w,
		Prone: f.Posture == rules.Prone, Braced: f.Var(fBraced) == 1,
		Prepared:   r.inPrepared(s, f),
		LightWound: f.Markers.Has(rules.Wounded),
		Range:      rangeFor(w, f.Pos, t.Pos), TargetQuality: t.Quality, TargetProne: t.Posture == rules.Prone}
	if u != nil {
		in.NotUnderFire = uget(u, vUF) == 0 && uget(u, vUFPrev) == 0
		in.Unaware = r.unaware(s, u, s.UnitOf(t.Unit))
	}
	if mv, full := f.Var(fMoved), r.baseMove(s, f); mv > 0 {
		in.Moved = MovedUnderHalf
		if int64(mv)*2 >= full {
			in.Moved = MovedHalfOrMore
		}
	}
	if tu := s.UnitOf(t.Unit); tu != nil {
		in.MovedOverHalf = int64(t.Var(fMoved))*2 > r.baseMove(s, t) && movedInSight(s, f, t)
		in.IntoOutOfSight = movedIntoSight(s, f, t)
	}
	if los, ok := sees(s, f, t); ok {
		in.Cover = los.Cover
	}
	// A vehicle's hull between is hard cover (vehicles.go).
	if in.Cover < terrain.CoverHard && r.vehicleShelters(s, t, f.Pos) {
		in.Cover = terrain.CoverHard
	}
	// A target moving out of cover in its go keeps the cover it left (the
	// book: a figure moving into or out of cover takes the best cover).
	if t.Var(fMoved) != 0 && s.Var(vCur) == int(t.Unit) && s.Terrain != nil {
		start := geom.Pt{X: int64(t.Var(fStartX)), Y: int64(t.Var(fStartY))}
		if c, _ := s.Terrain.CoverFor(geom.Circle{C: start, R: s.BaseR}, f.Pos); c > in.Cover {
			in.Cover = c
		}
	}
	return in
}

// movedIntoSight: the target is moving in its team's go now and the
// firer could not see it where it began that go, so it has just come
// into sight (-2, counted with cover: the best one only). A mover that
// leaves sight cannot be fired at, so "out of sight" never arises here.
func movedIntoSight(s *rules.State, f, t *rules.Figure) bool {
	if t.Var(fMoved) == 0 || s.Var(vCur) != int(t.Unit) {
		return false
	}
	was := *t
	was.Pos = geom.Pt{X: int64(t.Var(fStartX)), Y: int64(t.Var(fStartY))}
	return was.Pos != t.Pos && !inSight(s, f, &was)
}

// movedInSight: the firer could see the target where it began its go
// as well as where it is now, so its move (more than half a move, for
// the +1) was made in the firer's sight. A target that came into sight
// during the go did not move in sight: it takes the -2 above instead.
func movedInSight(s *rules.State, f, t *rules.Figure) bool {
	was := *t
	was.Pos = geom.Pt{X: int64(t.Var(fStartX)), Y: int64(t.Var(fStartY))}
	return inSight(s, f, t) && inSight(s, f, &was)
}

type hitRec struct {
	firer *rules.Figure
	w     *Weapon
}

// farFirers lists the team's figures fit to fire that see one of the
// targets only beyond twice their weapon's effective range.
func (r SMLE) farFirers(s *rules.State, u *rules.Unit, targets []*rules.Figure) []*rules.Figure {
	var out []*rules.Figure
	for _, f := range members(s, u.ID) {
		w := r.primary(f)
		if !r.canShoot(s, f, w) {
			continue
		}
		far := 2 * int64(w.Range) * geom.PerInch
		for _, t := range targets {
			if !t.Removed && !geom.WithinDist(f.Pos, t.Pos, far) && r.inPrepArc(s, f, t.Pos) && visible(s, f, t) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// Ineffective names fire from beyond twice effective range.
const Ineffective = "ineffective"

// ineffective is fire at a team beyond twice effective range: no roll
// and no hits, but the team comes under fire (direct, and autofire when
// an autofire weapon fires) and must react to it as the book allows.
func (r SMLE) ineffective(s *rules.State, u, tu *rules.Unit, far []*rules.Figure) []rules.Event {
	flags := ufDirect
	for _, f := range far {
		if r.primary(f).Has('A') {
			flags |= ufAuto
		}
		f.SetVar(fStill, s.Round)
		flags |= arcFlags(members(s, tu.ID)[0], f.Pos)
	}
	uset(tu, vUF, worstArc(uget(tu, vUF)|flags))
	uset(tu, vContact, 1)
	uset(u, vContact, 1)
	uset(u, vRevealed, 1)
	uset(tu, firedByKey(u.ID), s.Round)
	return []rules.Event{{Kind: "fire", Side: u.Side, Unit: u.ID,
		Text: fmt.Sprintf("%s fires at %s from beyond twice effective range: ineffective, no hits, but %s is under fire", teamName(s, u), teamName(s, tu), teamName(s, tu))}}
}

// fireParties lists who fires (one figure for return and panic fire: one
// roll for the whole team) and which of the target figures ms are exposed
// (some firer reaches and sees them).
func (r SMLE) fireParties(s *rules.State, u *rules.Unit, ms []*rules.Figure, kind string) (fs, exposed []*rules.Figure) {
	fs = r.firers(s, u, ms)
	for _, m := range ms {
		for _, f := range fs {
			if inReach(r.primary(f), f.Pos, m.Pos) && visible(s, f, m) {
				exposed = append(exposed, m)
				break
			}
		}
	}
	if len(fs) > 0 && (kind == FireReturn || kind == FirePanic) {
		fs = fs[:1]
	}
	return fs, exposed
}

// aimFor is the figure f's roll is made against: the named target when f
// reaches and sees it, else the first exposed figure it does.
func (r SMLE) aimFor(s *rules.State, f, t *rules.Figure, exposed []*rules.Figure) *rules.Figure {
	if inReach(r.primary(f), f.Pos, t.Pos) && visible(s, f, t) {
		return t
	}
	for _, m := range exposed {
		if inReach(r.primary(f), f.Pos, m.Pos) && visible(s, f, m) {
			return m
		}
	}
	return t
}

// volley resolves team fire of one kind at the team of target t.
func (r SMLE) volley(s *rules.State, u *rules.Unit, t *rules.Figure, kind string) ([]rules.Event, error) {
	return r.volleyAt(s, u, t, kind, false)
}

// volleyAt is volley; aimed fire (direct fire at one specific figure) is
// made only by the figures that can fire at t, at -3, and every hit
// lands on t.
func (r SMLE) volleyAt(s *rules.State, u *rules.Unit, t *rules.Figure, kind string, aimed bool) ([]rules.Event, error) {
	tu := s.UnitOf(t.Unit)
	if tu == nil || tu.Side == u.Side {
		return nil, fmt.Errorf("fire at an enemy figure")
	}
	ms := members(s, tu.ID)
	if aimed {
		ms = []*rules.Figure{t}
	}
	fs, exposed := r.fireParties(s, u, ms, kind)
	if len(fs) == 0 && !aimed && kind != FirePanic {
		if far := r.farFirers(s, u, ms); len(far) > 0 {
			return r.ineffective(s, u, tu, far), nil
		}
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("no figure of %s can fire at %s", teamName(s, u), teamName(s, tu))
	}
	var evs []rules.Event
	var hits []hitRec
	auto, pinned := false, false
	arcs := 0
	for _, f := range fs {
		aim := r.aimFor(s, f, t, exposed)
		w := r.primary(f)
		arcs |= arcFlags(aim, f.Pos)
		in := r.shotInput(s, f, aim, w, kind)
		in.Specific = aimed
		h, l, err := r.d.RollShot(s, in, fmt.Sprintf("%s fire, %s (%s) at %s", kind, f.Name, w.Name, aim.Name))
		if err != nil {
			return nil, err
		}
		if kind == FireReturn {
			h = min(h, 1)
		}
		if w.Auto(in.CloseRange()) {
			auto = true
		}
		evs = append(evs, rules.Event{Kind: "roll", Side: f.Side, Fig: f.ID, Target: aim.ID, Roll: &l,
			Text: fmt.Sprintf("%s fires at %s: %s", f.Name, aim.Name, l.Outcome)})
		evs = append(evs, r.afterHeavyRoll(s, f, w, l)...)
		f.SetVar(fStill, s.Round)
		if kind == FirePanic {
			if h > 0 {
				pinned = true
				evs = append(evs, rules.Event{Kind: "pinned", Side: tu.Side, Text: teamName(s, tu) + " is pinned down by panic fire (no hits)"})
			} else {
				continue
			}
			h = 0
		}
		for i := 0; i < h; i++ {
			hits = append(hits, hitRec{f, w})
		}
	}
	// Under fire whatever the result, except that panic fire counts only
	// when its roll succeeds.
	if kind == FirePanic && !pinned {
		uset(u, vContact, 1)
		uset(u, vRevealed, 1)
		return evs, nil
	}
	flags := ufDirect | arcs
	if auto {
		flags |= ufAuto
	}
	uset(tu, vUF, worstArc(uget(tu, vUF)|flags))
	uset(tu, vContact, 1)
	uset(u, vContact, 1)
	uset(u, vRevealed, 1)
	uset(tu, firedByKey(u.ID), s.Round)
	evs = append(evs, r.applyHits(s, tu, exposed, hits)...)
	return evs, nil
}

// applyHits spreads hits at random among the exposed figures and rolls
// each hit's effect.
func (r SMLE) applyHits(s *rules.State, tu *rules.Unit, exposed []*rules.Figure, hits []hitRec) []rules.Event {
	var evs []rules.Event
	for _, h := range hits {
		var live []*rules.Figure
		for _, m := range exposed {
			if !m.Removed {
				live = append(live, m)
			}
		}
		if len(live) == 0 {
			break
		}
		t := live[0]
		if len(live) > 1 {
			d := s.Roll(len(live))
			t = live[d.Face-1]
			l := rules.Ledger{What: "Which figure is hit", Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: t.Name,
				Note: fmt.Sprintf("hits fall at random among %d exposed figures", len(live))}
			evs = append(evs, rules.Event{Kind: "roll", Side: tu.Side, Target: t.ID, Roll: &l, Text: t.Name + " is hit"})
		}
		evs = append(evs, r.effect(s, h.firer, t, EffectInput{Weapon: h.w, Armour: armourOf(s, t), Quality: t.Quality, Motive: t.Motive})...)
	}
	return evs
}

// effect rolls one hit's effect on a figure and applies it.
func (r SMLE) effect(s *rules.State, firer, t *rules.Figure, in EffectInput) []rules.Event {
	what := fmt.Sprintf("Effect of %s on %s", in.Weapon.Name, t.Name)
	if in.Burst {
		what = fmt.Sprintf("Burst of %s on %s", in.Weapon.Name, t.Name)
	}
	o, l := r.d.RollEffect(s, in, what)
	side := t.Side
	if firer != nil {
		side = firer.Side
	}
	evs := []rules.Event{{Kind: "roll", Side: side, Target: t.ID, Roll: &l, Text: fmt.Sprintf("%s: %s", t.Name, o)}}
	switch o {
	case Kill:
		evs = append(evs, remove(s, t, "is killed"))
	case Serious:
		if t.Markers.Has(rules.BadlyWounded) {
			evs = append(evs, remove(s, t, "is killed (seriously wounded again)"))
			break
		}
		t.Markers |= rules.BadlyWounded
		t.Posture = rules.Prone
		t.SetVar(fShaken, s.Round)
		t.SetVar(fBraced, 0)
		evs = append(evs, rules.Event{Kind: "wounded", Side: t.Side, Fig: t.ID, Text: t.Name + " is seriously wounded and knocked down"})
	case Light:
		if t.Markers.Has(rules.Wounded) || t.Markers.Has(rules.BadlyWounded) {
			t.Markers = (t.Markers &^ rules.Wounded) | rules.BadlyWounded
			t.Posture = rules.Prone
			evs = append(evs, rules.Event{Kind: "wounded", Side: t.Side, Fig: t.ID, Text: t.Name + " is wounded again: now seriously wounded"})
		} else {
			t.Markers |= rules.Wounded
			evs = append(evs, rules.Event{Kind: "wounded", Side: t.Side, Fig: t.ID, Text: t.Name + " is lightly wounded (-2 until treated)"})
		}
		t.SetVar(fShaken, s.Round)
	case NearMiss:
		t.SetVar(fShaken, s.Round)
	}
	return evs
}

func (r SMLE) applyFire(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	if c.Unit != u.ID {
		return nil, notActive(s, u, c.Unit)
	}
	if len(c.Targets) != 1 {
		return nil, fmt.Errorf("%s fires at one enemy figure: pick one man of the team to fire at", teamName(s, u))
	}
	kinds := r.fireKinds(u)
	kind := ""
	if len(kinds) > 0 {
		kind = kinds[0]
	}
	aimed := c.Arg == FireAimed
	if aimed && kind != FireDirect {
		return nil, fmt.Errorf("aimed fire at one figure is direct fire; %s may only make %s fire now", teamName(s, u), kindList(kinds))
	}
	if c.Arg != "" && !aimed {
		if !slices.Contains(kinds, c.Arg) {
			return nil, fmt.Errorf("%s may only make %s fire now", teamName(s, u), kindList(kinds))
		}
		kind = c.Arg
	}
	if kind == "" || uget(u, vFired) != 0 || uget(u, vOpp) != 0 || uget(u, vRunning) != 0 {
		return nil, fmt.Errorf("%s may not fire now", teamName(s, u))
	}
	t := s.Fig(c.Targets[0])
	if t == nil || t.Removed {
		return nil, fmt.Errorf("that man is no longer on the table")
	}
	ok := false
	for _, id := range r.targetTeams(s, u, kind) {
		if tf := s.Fig(id); tf != nil && tf.Unit == t.Unit {
			ok = true
		}
	}
	if aimed {
		ok = t.Side != u.Side && len(r.firers(s, u, []*rules.Figure{t})) > 0
	}
	if !ok {
		return nil, fmt.Errorf("%s cannot fire at %s: %s", teamName(s, u), t.Name, r.fireWhyNot(s, u, t, kind, aimed))
	}
	evs, err := r.volleyAt(s, u, t, kind, aimed)
	if err != nil {
		return nil, err
	}
	uset(u, vFired, 1)
	return evs, nil
}

func orNone(k string) string {
	if k == "" {
		return "no"
	}
	return k
}

// kindList names the fires a team may choose: "direct, return or panic".
func kindList(kinds []string) string {
	switch len(kinds) {
	case 0:
		return "no"
	case 1:
		return kinds[0]
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " or " + kinds[len(kinds)-1]
}

// effectP is the chance of each effect (EffectNames order) of one hit.
func (r SMLE) effectP(in EffectInput) []float64 {
	c, n := r.d.EffectCounts(in)
	out := make([]float64, len(EffectNames))
	for i, name := range EffectNames {
		out[i] = float64(c[name]) / float64(n)
	}
	return out
}

// fireOdds is the exact distribution of the worst that happens to the
// target team, as the engine plays it (see woundDP): every firer's roll,
// hits falling at random among the exposed figures still standing, each
// hit's effect, and a second wound making things worse (a second light
// wound is serious, a wound on a seriously wounded man kills).
func (r SMLE) fireOdds(s *rules.State, c rules.Command) (rules.Odds, error) {
	u := s.UnitOf(c.Unit)
	if u == nil || len(c.Targets) != 1 {
		return rules.Odds{}, fmt.Errorf("odds of fire need a team and a target")
	}
	t := s.Fig(c.Targets[0])
	if t == nil || t.Removed {
		return rules.Odds{}, fmt.Errorf("no such target")
	}
	kind := c.Arg
	if c.Verb == "oppfire" {
		kind = FireOpportunity
	}
	if kind == "" {
		if ks := r.fireKinds(u); len(ks) > 0 {
			kind = ks[0]
		}
	}
	if kind == "" {
		return rules.Odds{}, fmt.Errorf("%s may not fire at its activation level", teamName(s, u))
	}
	if c.Verb == "fire" && s.Var(vCur) == int(u.ID) {
		// the active team may choose its band's fire or one below it
		ks := r.fireKinds(u)
		if k := kind; k == FireAimed {
			k = FireDirect
			if len(ks) == 0 || ks[0] != FireDirect {
				return rules.Odds{}, fmt.Errorf("aimed fire at one figure is direct fire; %s may only make %s fire now", teamName(s, u), kindList(ks))
			}
		} else if !slices.Contains(ks, k) {
			return rules.Odds{}, fmt.Errorf("%s may only make %s fire now", teamName(s, u), kindList(ks))
		}
	}
	aimed := kind == FireAimed
	targets := members(s, t.Unit)
	if aimed {
		kind, targets = FireDirect, []*rules.Figure{t}
	}
	fs, exposed := r.fireParties(s, u, targets, kind)
	if len(fs) == 0 && !aimed && kind != FirePanic && len(r.farFirers(s, u, targets)) > 0 {
		return rules.Odds{Outcomes: []rules.Outcome{{Name: Ineffective, P: 1}},
			Note: "beyond twice effective range: no roll and no hits, but the target team comes under fire"}, nil
	}
	if len(fs) == 0 {
		return rules.Odds{}, fmt.Errorf("no figure of %s can fire at that team", teamName(s, u))
	}
	var mods []rules.Mod
	var parts []rules.OddsPart
	dp := r.newWoundDP(s, exposed)
	for i, f := range fs {
		w := r.primary(f)
		if p, ok := r.dryPart(f, w); ok {
			parts = append(parts, p)
		}
		in := r.shotInput(s, f, r.aimFor(s, f, t, exposed), w, kind)
		in.Specific = aimed
		hc, err := r.d.HitCounts(in)
		if err != nil {
			return rules.Odds{}, err
		}
		if i == 0 {
			_, mods, _ = r.d.ShotMods(in)
		}
		if kind == FirePanic {
			p := float64(36-hc[0]) / 36
			return rules.Odds{Outcomes: []rules.Outcome{{Name: "pinned down", P: p}, {Name: Miss, P: 1 - p}}, Mods: mods, Parts: parts,
				Note: "panic fire causes no hits; a success pins the target and puts it under fire, a failure does neither"}, nil
		}
		if kind == FireReturn && len(hc) > 2 {
			for h := 2; h < len(hc); h++ {
				hc[1] += hc[h]
			}
			hc = hc[:2]
		}
		dist := make([]float64, len(hc))
		for h, n := range hc {
			dist[h] = float64(n) / 36
		}
		dp.volley(dist, w)
	}
	return rules.Odds{Outcomes: dp.outcomes(), Mods: mods, Parts: parts,
		Note: fmt.Sprintf("%s; the worst result on %s team, second wounds counted; modifiers shown are the first firer's", firers(len(fs)), rules.Possessive(t.Name))}, nil
}

func pow(q float64, h int) float64 {
	p := 1.0
	for i := 0; i < h; i++ {
		p *= q
	}
	return p
}

// ---------------------------------------------------------------------------
// Explosives

// usesLeft counts a figure's remaining rounds of an explosive weapon: one
// per time it is listed.
func usesLeft(f *rules.Figure, id string) int {
	n := 0
	for _, w := range f.Weapons {
		if w == id {
			n++
		}
	}
	return n - f.Var(fUsedPref+id)
}
