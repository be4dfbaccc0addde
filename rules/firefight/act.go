package firefight

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
	"hedgerow/rules/vehicle"
)

// ---- geometry helpers (integers only) ----

// dist is the distance between two points, rounded down to the unit.
func dist(a, b geom.Pt) int64 { return geom.Isqrt(geom.Dist2(a, b)) }

func divRound(a, b int64) int64 {
	if b < 0 {
		a, b = -a, -b
	}
	if a >= 0 {
		return (2*a + b) / (2 * b)
	}
	return -((-2*a + b) / (2 * b))
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// Facings are whole degrees clockwise from up the table, as the core
// keeps them; the front arc is tested exactly in integers against the
// directions of its two edges (rules/vehicle's trigonometry tables).

// normFacing puts a facing in 0..359.
func normFacing(deg int) int { return ((deg % 360) + 360) % 360 }

// faceTowards turns f to face along d (nothing for a zero vector).
func faceTowards(f *rules.Figure, d geom.Pt) {
	if d.X != 0 || d.Y != 0 {
		f.Facing = geom.Bearing(geom.Pt{}, d)
	}
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// InFrontArc reports whether p lies in the 90 degree arc in front of f
// (45 degrees either side of its facing, edges included).
func InFrontArc(f *rules.Figure, p geom.Pt) bool {
	if p == f.Pos {
		return false
	}
	return vehicle.ArcCovers(f.Pos, f.Facing, frontArc, p)
}

var frontArc = vehicle.Arc{Width: 90}

// ---- sight ----

// sees reports whether a figure has a clear centre line to another.
func sees(s *rules.State, f, t *rules.Figure) bool {
	if s.Terrain == nil {
		return true
	}
	return s.Terrain.Clear(f.Pos, t.Pos)
}

// updateSight records, for each side, which enemy figures some figure of
// it can see; a spotted figure no one can see any longer is lost.
func updateSight(s *rules.State) {
	for side := range 2 {
		viewers := s.Alive(side)
		for _, t := range s.Alive(1 - side) {
			seen := 0
			for _, v := range viewers {
				if sees(s, v, t) {
					seen = 1
					break
				}
			}
			t.SetVar(seenVar(side), seen)
			if seen == 0 {
				t.SetVar(spotVar(side), 0)
			}
		}
	}
}

// updateSightAfterMove is updateSight after m has moved, asking the
// terrain only what the move may have changed. Since the last update (a
// move's or the start's) no other figure has moved and figures have only
// left the fight, so a figure then unseen by a side is still unseen by
// every one of its figures but m; only m's own view of him needs a look.
// A figure then seen may have been seen by one now gone, and m is seen
// afresh: those are worked out in full as updateSight does. The answer is
// updateSight's (checkSight, set by the tests, holds it to that).
func updateSightAfterMove(s *rules.State, m *rules.Figure) {
	var before []int // the seen variables before, for checkSight
	if checkSight {
		before = sightVars(s)
	}
	for side := range 2 {
		seenK, spotK := seenVar(side), spotVar(side)
		var viewers []*rules.Figure // s.Alive(side), listed when first needed
		for i := range s.Figures {
			t := &s.Figures[i]
			if t.Side != 1-side || t.Removed {
				continue
			}
			seen := 0
			switch {
			case t != m && t.Var(seenK) == 0:
				if side == m.Side && sees(s, m, t) {
					seen = 1
				}
			case side == m.Side && sees(s, m, t):
				// m (one of the viewers) first: the terrain remembers
				// his new lines for when his actions are listed
				seen = 1
			default:
				if viewers == nil {
					viewers = s.Alive(side)
				}
				for _, v := range viewers {
					if sees(s, v, t) {
						seen = 1
						break
					}
				}
			}
			t.SetVar(seenK, seen)
			if seen == 0 {
				t.SetVar(spotK, 0)
			}
		}
	}
	if checkSight {
		after := sightVars(s)
		updateSight(s)
		if full := sightVars(s); !slices.Equal(after, full) {
			panic(fmt.Sprintf("sight after %s's move: worked out %v, in full %v (before %v)", m.Name, after, full, before))
		}
	}
}

// checkSight makes updateSightAfterMove check its answer against
// updateSight's (tests set it).
var checkSight bool

// sightVars lists every figure's seen and spot variables.
func sightVars(s *rules.State) []int {
	var out []int
	for i := range s.Figures {
		f := &s.Figures[i]
		out = append(out, f.Var(seenVar(0)), f.Var(seenVar(1)), f.Var(spotVar(0)), f.Var(spotVar(1)))
	}
	return out
}

// Spotted reports whether side has spotted figure t.
func Spotted(s *rules.State, side int, t *rules.Figure) bool { return t.Var(spotVar(side)) == 1 }

// coverIndex is the book's cover column for a target against a viewer at
// from: 0 none, 1 light, 2 heavy, 3 firing slit.
func coverIndex(s *rules.State, t *rules.Figure, from geom.Pt) (int, string) {
	if s.Terrain == nil {
		return 0, ""
	}
	c, id := s.Terrain.CoverFor(geom.Circle{C: t.Pos, R: s.BaseR}, from)
	name := ""
	if id >= 0 {
		pc := &s.Map.Pieces[id]
		name = pc.Name
		if name == "" {
			name = pc.Kind
		}
	}
	switch c {
	case terrain.CoverSoft:
		return 1, name
	case terrain.CoverHard:
		return 2, name
	case terrain.CoverPrepared:
		return 3, name
	}
	return 0, ""
}

var coverWords = []string{"", "light cover", "heavy cover", "a firing slit"}

// Moves made this turn are kept as parts (each move, or each piece of a
// move cut by opportunity fire): where the part began and ended and its
// length. The book's "target moved in view of the spotter" counts the
// parts whose start or end the spotter (or firer) can see from where he
// stands.
const fMoveN = "mv_n" // parts of moves made this turn

// Each part is three figure variables, "mv_<i>x", "mv_<i>y" (where it
// ended) and "mv_<i>l" (its length); each fits a 32-bit int, so a state
// is the same on every machine (a packed 64-bit value was cut short on
// 386). A part starts where the one before it ended; the first starts at
// "mv_0x", "mv_0y", where the figure stood when it first moved this turn
// (figures in this rule set change place only by moving).
func movePartVar(i int, k string) string {
	if i >= 0 && i < len(movePartNames) {
		switch k {
		case "x":
			return movePartNames[i][0]
		case "y":
			return movePartNames[i][1]
		case "l":
			return movePartNames[i][2]
		}
	}
	return "mv_" + strconv.Itoa(i) + k
}

// movePartNames are movePartVar's names for the first parts, built once.
var movePartNames = func() (t [64][3]string) {
	for i := range t {
		for j, k := range []string{"x", "y", "l"} {
			t[i][j] = "mv_" + strconv.Itoa(i) + k
		}
	}
	return t
}()

func partAt(f *rules.Figure, i int) geom.Pt {
	return geom.Pt{X: int64(f.Var(movePartVar(i, "x"))), Y: int64(f.Var(movePartVar(i, "y")))}
}

// addMovePart records a part of a move from a (where the last part
// ended, or where the figure stood) to b, l units long.
func addMovePart(f *rules.Figure, a, b geom.Pt, l int64) {
	n := f.Var(fMoveN)
	if n == 0 {
		f.SetVar(movePartVar(0, "x"), int(a.X))
		f.SetVar(movePartVar(0, "y"), int(a.Y))
	}
	f.SetVar(fMoveN, n+1)
	f.SetVar(movePartVar(n+1, "x"), int(b.X))
	f.SetVar(movePartVar(n+1, "y"), int(b.Y))
	f.SetVar(movePartVar(n+1, "l"), int(l))
}

// clearMoveParts forgets the moves of the turn.
func clearMoveParts(f *rules.Figure) {
	for i := 0; i <= f.Var(fMoveN); i++ {
		for _, k := range []string{"x", "y", "l"} {
			f.SetVar(movePartVar(i, k), 0)
		}
	}
	f.SetVar(fMoveN, 0)
}

// MovedInView is how far t has moved this turn in view of a figure at
// from: the parts of its moves that started or ended where from has a
// clear line to.
func MovedInView(s *rules.State, t *rules.Figure, from geom.Pt) int64 {
	var n int64
	if t.Var(fMoveN) == 0 {
		return 0
	}
	a := partAt(t, 0)
	for i := 1; i <= t.Var(fMoveN); i++ {
		b, l := partAt(t, i), int64(t.Var(movePartVar(i, "l")))
		if s.Terrain == nil || s.Terrain.Clear(from, a) || s.Terrain.Clear(from, b) {
			n += l
		}
		a = b
	}
	return n
}

// movedIndex is the book's column for how far t moved this turn in view
// of a figure at from (-1 when it has not).
func movedIndex(s *rules.State, t *rules.Figure, from geom.Pt) int {
	m := MovedInView(s, t, from)
	switch {
	case m <= 0:
		return -1
	case m <= data.Dist.Moved1.U:
		return 0
	case m <= data.Dist.Moved2.U:
		return 1
	case m <= data.Dist.Moved3.U:
		return 2
	}
	return 3
}

var movedWords = []string{"up to 5 cm", "up to 10 cm", "up to 15 cm", "over 15 cm"}

// postureWhy and movedWhy are targetMods' reasons, by posture and by
// moved column, written once.
var (
	postureWhy [rules.Prone + 1]string
	movedWhy   = func() (out []string) {
		for _, w := range movedWords {
			out = append(out, "target moved "+w+" in his view this turn")
		}
		return out
	}()
)

func init() {
	for p := range postureWhy {
		postureWhy[p] = "target " + rules.Posture(p).String()
	}
}

// targetMods are the target's own modifiers, shared by spotting and
// fire, appended to mods.
func targetMods(mods []rules.Mod, s *rules.State, t *rules.Figure, from geom.Pt, cover [4]int, posture [3]int, moved [4]int, rule string) []rules.Mod {
	if ci, name := coverIndex(s, t, from); ci > 0 {
		mods = append(mods, rules.Mod{Value: cover[ci], Reason: "target in " + coverWords[ci] + " (" + name + ")", Rule: rule})
	}
	if t.Posture != rules.Standing {
		mods = append(mods, rules.Mod{Value: posture[t.Posture], Reason: postureWhy[t.Posture], Rule: rule})
	}
	if mi := movedIndex(s, t, from); mi >= 0 {
		mods = append(mods, rules.Mod{Value: moved[mi], Reason: movedWhy[mi], Rule: rule})
	}
	return mods
}

func sum(mods []rules.Mod) int {
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n
}

// d20Chance is the chance of rolling at least need on a d20, in twentieths.
func d20Chance(need int) int { return max(0, min(20, 21-need)) }

// ---- spotting ----

// spotBaseWhy is the reason spotting's base number gives: the base and
// what the range adds, each said (a play-tester read "+11 base 6, +1 for
// each full 10 cm of range (house)" and could not find the 5 the range
// added).
//
// It says what the number is for, the d20 score to beat, and what is
// added to what: "the base number 6, and 4 for 4 full 10 cm of range"
// left a play-tester asking what was added to what and what he must roll
// (play-test 11).
func spotBaseWhy(steps int) string {
	if steps == 0 {
		return fmt.Sprintf("to spot, roll at least this on the twenty-sided die: %d at under 10 cm", data.Spot.Base)
	}
	per := ""
	if data.Spot.RangePerStep != 1 {
		per = fmt.Sprintf(" (%d each)", data.Spot.RangePerStep)
	}
	return fmt.Sprintf("to spot, roll at least this on the twenty-sided die: %d, plus %d for %d full 10 cm of range%s (house rule)", data.Spot.Base, steps*data.Spot.RangePerStep, steps, per)
}

// SpotNeed is the d20 score a spotter needs to spot a target, with the
// ledger's modifiers (the first is the base from range).
func SpotNeed(s *rules.State, f, t *rules.Figure) (int, []rules.Mod) {
	const rule = "Firefight Lite Spotting"
	steps := int(dist(f.Pos, t.Pos) / data.Dist.SpotStep.U)
	// one list, room for every modifier there can be, capped at its length
	mods := make([]rules.Mod, 1, 7)
	mods[0] = rules.Mod{Value: data.Spot.Base + steps*data.Spot.RangePerStep, Reason: spotBaseWhy(steps), Rule: rule}
	if Suppressed(s, f) {
		mods = append(mods, rules.Mod{Value: data.Spot.SpotterSuppressed, Reason: "spotter suppressed", Rule: rule})
	}
	if f.Var(fMoved) == phaseNo(s) {
		mods = append(mods, rules.Mod{Value: data.Spot.SpotterMoving, Reason: "spotter moving", Rule: rule})
	}
	mods = targetMods(mods, s, t, f.Pos, data.Spot.Cover, data.Spot.Posture, data.Spot.Moved, rule)
	// the worse modifier stands: an automatic weapon fired within a turn
	// counts even if he has fired a single shot since
	if a := t.Var(fFiredAuto); a > 0 && a >= s.Round-1 {
		mods = append(mods, rules.Mod{Value: data.Spot.FiredAuto, Reason: "target fired an automatic weapon within a turn", Rule: rule})
	} else if r := t.Var(fFiredRnd); r > 0 && r >= s.Round-1 {
		mods = append(mods, rules.Mod{Value: data.Spot.FiredSingle, Reason: "target fired within a turn", Rule: rule})
	}
	return sum(mods), mods[:len(mods):len(mods)]
}

func spotTarget(s *rules.State, f *rules.Figure, c rules.Command) (*rules.Figure, error) {
	if len(c.Targets) != 1 || len(c.Path) > 0 || c.Arg != "" || c.Unit != 0 {
		return nil, fmt.Errorf("spot names one spotter and one target: %q", c.String())
	}
	t := s.Fig(c.Targets[0])
	switch {
	case s.Phase != PhaseAct:
		return nil, errors.New("figures that were not motivated may not spot")
	case t == nil || t.Removed || t.Side == f.Side:
		return nil, fmt.Errorf("%s is not an enemy figure in the fight", figWords(s, c.Targets[0]))
	case Spotted(s, f.Side, t):
		return nil, fmt.Errorf("%s is already spotted", t.Name)
	case !sees(s, f, t):
		return nil, fmt.Errorf("%s cannot see %s", f.Name, t.Name)
	case f.Var(fAP) < data.Cost.Spot:
		return nil, fmt.Errorf("%s has no action point left to spot", f.Name)
	}
	return t, nil
}

func applySpot(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	t, err := spotTarget(s, f, c)
	if err != nil {
		return nil, err
	}
	f.SetVar(fAP, f.Var(fAP)-data.Cost.Spot)
	need, mods := SpotNeed(s, f, t)
	d := s.Roll(20)
	out := "not spotted"
	if d.Face >= need {
		out = "spotted"
		t.SetVar(spotVar(f.Side), 1)
	}
	led := ledger1(rules.Ledger{What: "Spotting: " + f.Name + " looks for " + t.Name,
		Target: need, Compare: ">=", Mods: mods, Total: d.Face, Outcome: out,
		Note: "a twenty-sided die of at least the sum of the table spots the target"}, d)
	return []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: led,
		Text: f.Name + " looks for " + t.Name + ": needs " + strconv.Itoa(need) + ", rolls " + strconv.Itoa(d.Face) + ": " + out}}, nil
}

// ---- posture, opportunity fire ----

func applyPosture(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	p, ok := rules.ParsePosture(c.Arg)
	if !ok || len(c.Targets) > 0 || len(c.Path) > 0 || c.Unit != 0 {
		return nil, fmt.Errorf("posture takes standing, crouching or prone: %q", c.String())
	}
	if p == f.Posture {
		return nil, fmt.Errorf("%s is already %s", f.Name, p)
	}
	cost := postureCost(f.Posture, p)
	if cost > f.Var(fAP) {
		return nil, fmt.Errorf("going %s from %s costs %d action points; %s has %d", p, f.Posture, cost, f.Name, f.Var(fAP))
	}
	f.SetVar(fAP, f.Var(fAP)-cost)
	from := f.Posture
	f.Posture = p
	return []rules.Event{{Kind: "posture", Side: f.Side, Fig: f.ID,
		Text: f.Name + " goes from " + from.String() + " to " + p.String() + " (" + strconv.Itoa(cost) + " AP)"}}, nil
}

func applyGoOpp(s *rules.State, f *rules.Figure, c rules.Command) ([]rules.Event, error) {
	if len(c.Targets) > 0 || len(c.Path) > 1 || (c.Arg != "" && c.Arg != "face") || c.Unit != 0 {
		return nil, fmt.Errorf("oppfire takes a figure and at most a point to face: %q", c.String())
	}
	if c.Arg == "face" && len(c.Path) != 1 {
		return nil, fmt.Errorf("%s turns to face a point on opportunity fire: click where he should face", f.Name)
	}
	if f.Var(fOpp) == 1 {
		return nil, fmt.Errorf("%s is already on opportunity fire", f.Name)
	}
	if f.Var(fAP) < data.Cost.OppFire {
		return nil, fmt.Errorf("%s has no action point left", f.Name)
	}
	f.SetVar(fAP, f.Var(fAP)-data.Cost.OppFire)
	f.SetVar(fOpp, 1)
	if len(c.Path) == 1 {
		faceTowards(f, c.Path[0].Sub(f.Pos))
	}
	return []rules.Event{{Kind: "oppfire", Side: f.Side, Fig: f.ID,
		Text: f.Name + " goes on opportunity fire, watching the quarter in front of him"}}, nil
}
