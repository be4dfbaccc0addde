package smle

import (
	"errors"
	"fmt"
	"iter"
	"sort"

	"hedgerow/rules"
)

// Phases.
const (
	PhaseActivate    = "activate"
	PhaseOpportunity = "opportunity"
	// PhaseReact: opportunity fire has been declared at a figure that
	// has just moved; its side may drop it prone first ("posture F3
	// prone") or "pass", then the fire is resolved.
	PhaseReact = "react"
	PhaseOver  = "over"
)

// DefaultTurnLimit is used when the scenario sets none.
const DefaultTurnLimit = 12

// Variable keys.
const (
	vCur      = "cur"       // state: active unit id
	vSecond   = "second"    // state: 1 during the double-move pass
	vOppFig   = "oppfig"    // state: the figure whose move opened the window
	vOppMove  = "oppmove"   // state: 1 when the window was opened by that figure's move
	vOppUnit  = "oppunit"   // state: the team whose declared opportunity fire waits on the mover's reaction
	vBand     = "band"      // unit: band index
	vTotal    = "total"     // unit: activation total
	vDie      = "die"       // unit: activation die
	vTie      = "tie"       // unit: tie roll-off die
	vDone     = "done"      // unit: activated this pass
	vFired    = "fired"     // unit: made its fire attack / close assault this round
	vOpp      = "oppfired"  // unit: made opportunity fire this round
	vUF       = "uf"        // unit: under-fire flags this round
	vUFPrev   = "ufprev"    // unit: under-fire flags last round
	vContact  = "contact"   // unit: no longer fresh
	vBreaks   = "breaks"    // unit: break results suffered
	vDouble   = "double"    // unit: has a second go to come
	vRunning  = "running"   // unit: running this activation
	vArmour   = "armour"    // unit: 1 none, 2 (or 0) light, 3 body
	vFiredBy  = "fb"        // unit: prefix + enemy unit id = round it last fired at this unit
	vRan      = "ran"       // unit: ran this round
	vRunRnds  = "runrounds" // unit: rounds run in a row
	vWinded   = "winded"    // unit: rounds left to get its breath back
	fMoved    = "moved"     // figure: allowance used this activation
	fStopped  = "stopped"   // figure: may not move again this activation
	fBraced   = "braced"    // figure: weapon braced
	fStill    = "still"     // figure: round number it last moved or fired (for bracing)
	fShaken   = "shaken"    // figure: round number it was wounded / near-missed (no more action)
	fStartX   = "sx"        // figure: position at activation start
	fStartY   = "sy"        //
	fUsedPref = "used_"     // figure: prefix + weapon id = one-shot weapons used
	fSettle   = "settle"    // figure: round it moved into a prepared position (settling in)
)

// Under-fire flags.
const (
	ufDirect = 1 << iota
	ufAuto
	ufExplosive
	ufFlank
	ufRear
)

// SMLE is the rule set.
type SMLE struct{ d *Data }

// New returns the S.M.L.E. rule set.
func New() rules.RuleSet { return SMLE{d: Std()} }

func (SMLE) ID() string { return "smle" }

// ActivationKey names the team activation under way ("" when none): it
// changes when another team, or the same team's second go, begins.
func ActivationKey(s *rules.State) string {
	cur := s.Var(vCur)
	if cur == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d/%d", s.Round, cur, s.Var(vSecond))
}

// Indoors: figures may stand inside buildings with doors (doors.go), so a
// scenario may garrison one.
func (SMLE) Indoors() bool { return true }
func (SMLE) Name() string  { return "S.M.L.E." }

// Start checks the forces and rolls the first round's activation.
func (r SMLE) Start(s *rules.State) ([]rules.Event, error) {
	for i := range s.Figures {
		f := &s.Figures[i]
		if len(f.Weapons) == 0 {
			return nil, fmt.Errorf("%s carries no weapon", f.Name)
		}
		for _, w := range f.Weapons {
			if _, ok := r.d.Weapon(w); !ok && w != DoorBreaker && w != MeleeWeapon && w != ImprovisedWeapon {
				return nil, fmt.Errorf("%s carries %q, which is not in the S.M.L.E. weapons table", f.Name, w)
			}
		}
		if _, ok := r.d.ToHit[f.Quality]; !ok {
			return nil, fmt.Errorf("%s has troop quality %q (untrained, green, trained or veteran)", f.Name, f.Quality)
		}
		if _, ok := r.d.Activation.Motive[f.Motive]; !ok && f.Motive != "" {
			return nil, fmt.Errorf("%s has motivation %q (elite, fanatic, reluctant, steady or warriors)", f.Name, f.Motive)
		}
	}
	if err := equip(s); err != nil {
		return nil, err
	}
	if s.TurnLimit <= 0 {
		s.TurnLimit = DefaultTurnLimit
	}
	if s.Round < 1 {
		s.Round = 1
	}
	r.autoFace(s)
	startTraps(s)
	r.startAloft(s)
	hide(s)
	evs := r.rollQualities(s)
	evs = append(evs, r.spotAll(s)...)
	evs = append(evs, r.beginRound(s)...)
	evs = append(evs, r.advance(s)...)
	return evs, nil
}

// teams lists the units with figures on the table, by id.
func teams(s *rules.State) []*rules.Unit {
	// One walk over the figures marks the units on the table (for the
	// usual small unit ids), instead of a walk per unit.
	var on [256]bool
	small := true
	for i := range s.Figures {
		if f := &s.Figures[i]; !f.Removed {
			if f.Unit < 0 || int(f.Unit) >= len(on) {
				small = false
				break
			}
			on[f.Unit] = true
		}
	}
	if small {
		out := make([]*rules.Unit, 0, len(s.Units))
		for i := range s.Units {
			if u := &s.Units[i]; u.ID >= 0 && int(u.ID) < len(on) && on[u.ID] {
				out = append(out, u)
			}
		}
		return out
	}
	var out []*rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if onTableAny(s, u.ID) {
			out = append(out, u)
		}
	}
	return out
}

// teamsOn yields what teams lists, in its order, without building the
// list.
func teamsOn(s *rules.State) iter.Seq[*rules.Unit] {
	return func(yield func(*rules.Unit) bool) {
		var on [256]bool
		for i := range s.Figures {
			if f := &s.Figures[i]; !f.Removed {
				if f.Unit < 0 || int(f.Unit) >= len(on) {
					for _, u := range teams(s) { // unusual ids: the plain walk
						if !yield(u) {
							return
						}
					}
					return
				}
				on[f.Unit] = true
			}
		}
		for i := range s.Units {
			if u := &s.Units[i]; u.ID >= 0 && int(u.ID) < len(on) && on[u.ID] {
				if !yield(u) {
					return
				}
			}
		}
	}
}

// onTableAny: the unit has a figure on the table (members is not empty).
func onTableAny(s *rules.State, id rules.UnitID) bool {
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Unit == id && !f.Removed {
			return true
		}
	}
	return false
}

// membersOf yields what members lists, in its order, without building
// the list.
func membersOf(s *rules.State, id rules.UnitID) iter.Seq[*rules.Figure] {
	return func(yield func(*rules.Figure) bool) {
		for i := range s.Figures {
			if f := &s.Figures[i]; f.Unit == id && !f.Removed {
				if !yield(f) {
					return
				}
			}
		}
	}
}

// members lists a unit's figures on the table, by id.
func members(s *rules.State, id rules.UnitID) []*rules.Figure {
	var buf [32]*rules.Figure // gathered on the stack: one walk, one allocation
	in := buf[:0]
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Unit == id && !f.Removed {
			in = append(in, f)
		}
	}
	if len(in) == 0 {
		return nil
	}
	return append([]*rules.Figure(nil), in...)
}

func (r SMLE) beginRound(s *rules.State) []rules.Event {
	evs := []rules.Event{{Kind: "turn", Side: s.Active, Text: fmt.Sprintf("Round %d: every team rolls for activation", s.Round)}}
	s.SetVar(vSecond, 0)
	ts := teams(s)
	for _, u := range ts {
		evs = append(evs, r.newRoundVars(s, u)...)
		in := r.activationInput(s, u)
		total, band, l := r.d.RollActivation(s, in, fmt.Sprintf("Activation, %s", teamName(s, u)))
		uset(u, vDie, l.Dice[0].Face)
		uset(u, vTotal, total)
		uset(u, vBand, band)
		evs = append(evs, rules.Event{Kind: "roll", Side: u.Side, Unit: u.ID, Roll: &l,
			Text: fmt.Sprintf("%s activates at %d: %s", teamName(s, u), total, r.d.Bands[band].Label)})
	}
	// Followers of an incompetent leader act at his team's level.
	for _, u := range ts {
		if lt := r.followedTeam(s, u); lt != nil && (uget(u, vBand) != uget(lt, vBand) || uget(u, vTotal) != uget(lt, vTotal)) {
			uset(u, vBand, uget(lt, vBand))
			uset(u, vTotal, uget(lt, vTotal))
			evs = append(evs, rules.Event{Kind: "phase", Side: u.Side,
				Text: fmt.Sprintf("%s follows its incompetent leader: %s", teamName(s, u), r.d.Bands[uget(u, vBand)].Label)})
		}
	}
	// A team riding in another team's vehicle acts with it.
	for _, u := range ts {
		if ct := r.carriedBy(s, u); ct != nil && (uget(u, vBand) != uget(ct, vBand) || uget(u, vTotal) != uget(ct, vTotal)) {
			uset(u, vBand, uget(ct, vBand))
			uset(u, vTotal, uget(ct, vTotal))
			evs = append(evs, rules.Event{Kind: "phase", Side: u.Side,
				Text: fmt.Sprintf("%s rides in %s vehicle and acts with it: %s", teamName(s, u), rules.Possessive(teamName(s, ct)), r.d.Bands[uget(u, vBand)].Label)})
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		f.SetVar(fMoved, 0)
		f.SetVar(fStopped, 0)
		f.Markers &^= rules.Running | rules.OppFire
	}
	// Roll off ties on the same band and total.
	var tied []*rules.Unit
	var tieEvents []int
	for i, u := range ts {
		for _, v := range ts[i+1:] {
			if uget(u, vBand) == uget(v, vBand) && uget(u, vTotal) == uget(v, vTotal) {
				for _, w := range []*rules.Unit{u, v} {
					if uget(w, vTie) == 0 {
						d := s.Roll(6)
						uset(w, vTie, d.Face)
						l := rules.Ledger{What: "Tie roll-off, " + teamName(s, w), Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: fmt.Sprint(d.Face), Note: "the lowest goes first"}
						evs = append(evs, rules.Event{Kind: "roll", Side: w.Side, Unit: w.ID, Roll: &l, Text: fmt.Sprintf("%s rolls %d to break a tie", teamName(s, w), d.Face)})
						tied, tieEvents = append(tied, w), append(tieEvents, len(evs)-1)
					}
				}
			}
		}
	}
	tieOrder(evs, tied, tieEvents)
	return evs
}

// newRoundVars carries a team's variables into a new round: running and
// getting its breath back, this round's fire becoming last round's, and
// the per-round records cleared.
func (r SMLE) newRoundVars(s *rules.State, u *rules.Unit) []rules.Event {
	var evs []rules.Event
	// Running: three rounds in a row and the team must halt one
	// round (two in body armour) to get its breath back.
	if uget(u, vWinded) > 0 {
		uset(u, vWinded, uget(u, vWinded)-1)
	}
	if uget(u, vRan) == 1 {
		uset(u, vRunRnds, uget(u, vRunRnds)+1)
	} else {
		uset(u, vRunRnds, 0)
	}
	if uget(u, vRunRnds) >= 3 {
		rest := 1
		if uget(u, vArmour) == 3 {
			rest = 2
		}
		uset(u, vWinded, rest)
		uset(u, vRunRnds, 0)
		evs = append(evs, rules.Event{Kind: "winded", Side: u.Side, Unit: u.ID, Text: teamName(s, u) + " must halt to get its breath back"})
	}
	u.Vars = keepVars(u.Vars, append([]string{vUFPrev, vUF, vContact, vBreaks, vArmour, vMount, vRunRnds, vWinded, vRevealed, vUnspotted}, fmVars...)...)
	uset(u, vUFPrev, u.Vars[vUF])
	uset(u, vUF, 0)
	return evs
}

// keepVars drops every unit variable but the listed ones (and the
// fired-by record).
func keepVars(m map[string]int, keep ...string) map[string]int {
	out := map[string]int{}
	for _, k := range keep {
		if v := m[k]; v != 0 {
			out[k] = v
		}
	}
	for k, v := range m {
		if len(k) > len(vFiredBy) && k[:len(vFiredBy)] == vFiredBy {
			out[k] = v
		}
	}
	return out
}

// nextTeam picks the next team to activate in this pass.
func nextTeam(s *rules.State) *rules.Unit {
	var best *rules.Unit
	second := s.Var(vSecond) == 1
	for _, u := range teams(s) {
		if uget(u, vDone) == 1 || (second && uget(u, vDouble) != 1) {
			continue
		}
		if best == nil || less(u, best) {
			best = u
		}
	}
	return best
}

func less(a, b *rules.Unit) bool {
	if uget(a, vBand) != uget(b, vBand) {
		return uget(a, vBand) < uget(b, vBand)
	}
	if uget(a, vTotal) != uget(b, vTotal) {
		return uget(a, vTotal) < uget(b, vTotal)
	}
	if uget(a, vTie) != uget(b, vTie) {
		return uget(a, vTie) < uget(b, vTie)
	}
	return a.ID < b.ID
}

// advance moves play on until a side must decide or the game ends.
func (r SMLE) advance(s *rules.State) []rules.Event {
	var evs []rules.Event
	for guard := 0; guard < 10000 && !s.Over; guard++ {
		if s.Var(vCur) != 0 {
			return evs
		}
		u := nextTeam(s)
		if u == nil {
			if s.Var(vSecond) == 0 {
				s.SetVar(vSecond, 1)
				for _, t := range teams(s) {
					uset(t, vDone, 0)
				}
				continue
			}
			evs = append(evs, r.endRound(s)...)
			if s.Over {
				return evs
			}
			evs = append(evs, r.beginRound(s)...)
			continue
		}
		evs = append(evs, r.activate(s, u)...)
	}
	return evs
}

func faceNearestEnemy(s *rules.State, f *rules.Figure) {
	if e := nearestEnemy(s, f); e != nil {
		f.Facing = bearing(f.Pos, e.Pos)
	}
}

// Apply carries out one command.
func (r SMLE) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Over {
		return nil, errors.New("the game is over")
	}
	if c.Verb == "end" && (c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "") {
		return nil, errors.New(`"end" takes nothing more`)
	}
	if err := r.motiveRefusal(s, c); err != nil {
		return nil, err
	}
	c = r.normalize(s, c)
	var evs []rules.Event
	var err error
	if s.Phase == PhaseReact {
		evs, err = r.applyReaction(s, c)
	} else if s.Phase == PhaseOpportunity {
		switch c.Verb {
		case "oppfire":
			evs, err = r.applyOppFire(s, c)
		case "shoot", "gun":
			evs, err = r.applyOppVehicle(s, c)
		case "pass":
			evs = []rules.Event{{Kind: "phase", Side: s.Decider, Fig: oppMover(s), Unit: r.oppAnnouncer(s, 1-s.Decider),
				Text: s.Sides[s.Decider].Name + " hold fire"}}
			r.closeOpp(s)
		default:
			return nil, fmt.Errorf("%s may only opportunity fire or pass now", s.Sides[s.Decider].Name)
		}
	} else {
		u := s.UnitOf(rules.UnitID(s.Var(vCur)))
		if u == nil {
			return nil, errors.New("no team is active")
		}
		switch c.Verb {
		case "move":
			evs, err = r.applyMove(s, u, c)
		case "run":
			evs, err = r.applyRun(s, u, c)
		case "posture":
			evs, err = r.applyPosture(s, u, c)
		case "face":
			evs, err = r.applyFace(s, u, c)
		case "fire":
			evs, err = r.applyFire(s, u, c)
		case "blast":
			evs, err = r.applyBlast(s, u, c)
		case "assault":
			evs, err = r.applyAssault(s, u, c)
		case "aid":
			evs, err = r.applyAid(s, u, c)
		case "door":
			evs, err = r.applyDoor(s, u, c)
		case "dismount":
			evs, err = r.applyDismount(s, u, c)
		case "pickup":
			evs, err = r.applyPickup(s, u, c)
		case "join":
			evs, err = r.applyJoin(s, u, c)
		case "recover":
			evs, err = r.applyRecover(s, u, c)
		case "reload":
			evs, err = r.applyReload(s, u, c)
		case "trap":
			evs, err = r.applyTrap(s, u, c)
		case "clear":
			evs, err = r.applyClear(s, u, c)
		case "call":
			evs, err = r.applyCall(s, u, c)
		case "drive":
			evs, err = r.applyDrive(s, u, c)
		case "arrive":
			evs, err = r.applyArrive(s, u, c)
		case "leave":
			evs, err = r.applyLeave(s, u, c)
		case "turret":
			evs, err = r.applyTurret(s, u, c)
		case "board":
			evs, err = r.applyBoard(s, u, c)
		case "debus":
			evs, err = r.applyDebus(s, u, c)
		case "shoot":
			evs, err = r.applyShoot(s, u, c)
		case "gun":
			evs, err = r.applyGun(s, u, c)
		case "end":
			evs = r.endActivation(s)
		default:
			return nil, fmt.Errorf("unknown command %q", c.Verb)
		}
		if err == nil && oppAnswers(c.Verb) {
			evs = append(evs, r.spotAll(s)...)
			evs = append(evs, r.checkEnd(s)...)
			evs = append(evs, r.oppAfter(s, u, c)...)
		}
	}
	if err != nil {
		return nil, err
	}
	evs = append(evs, r.spotAll(s)...)
	evs = append(evs, r.checkEnd(s)...)
	if !s.Over && s.Phase != PhaseOpportunity && s.Phase != PhaseReact {
		// The active team may have lost its last figure.
		if cur := s.Var(vCur); cur != 0 && len(members(s, rules.UnitID(cur))) == 0 {
			evs = append(evs, r.endActivation(s)...)
		}
		evs = append(evs, r.advance(s)...)
	}
	return evs, nil
}

func (r SMLE) applyAid(s *rules.State, u *rules.Unit, c rules.Command) ([]rules.Event, error) {
	for _, l := range r.Legal(s) {
		if l.Verb == "aid" && l.Fig == c.Fig && len(c.Targets) == 1 && l.Targets[0] == c.Targets[0] {
			f, g := s.Fig(c.Fig), s.Fig(c.Targets[0])
			g.Markers &^= rules.Wounded
			f.SetVar(fStopped, 1)
			f.SetVar(fStill, s.Round)
			f.SetVar(fShaken, s.Round) // first aid is the figure's action this round
			return []rules.Event{{Kind: "aid", Side: f.Side, Fig: f.ID, Target: g.ID, Text: fmt.Sprintf("%s treats %s light wound", f.Name, rules.Possessive(g.Name))}}, nil
		}
	}
	return nil, fmt.Errorf("%s cannot give first aid to that figure now (same team, within 1\", wounded)", nameOf(s, c.Fig))
}

func nameOf(s *rules.State, id rules.FigID) string {
	if f := s.Fig(id); f != nil {
		return f.Name
	}
	return "that figure"
}

// Odds gives exact outcome probabilities for a proposed command.
func (r SMLE) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	c = r.normalize(s, c)
	if s.Phase == PhaseReact {
		return r.reactionOdds(s, c)
	}
	switch c.Verb {
	case "fire", "oppfire":
		return r.fireOdds(s, c)
	case "blast":
		return r.blastOdds(s, c)
	case "assault":
		return r.assaultOdds(s, c)
	case "door":
		return r.doorOdds(s, c)
	case "activate":
		return r.activationOdds(s, c)
	case "call":
		return r.callOdds(s, c)
	case "shoot":
		return r.shootOdds(s, c)
	case "gun":
		return r.gunOdds(s, c)
	case "move":
		if o, ok := r.trapMoveOdds(s, c); ok {
			return o, nil
		}
	case "end":
		if o, ok := r.endOdds(s); ok {
			return o, nil
		}
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "certain", P: 1}}}, nil
}

// sortFigs sorts figures by id.
func sortFigs(fs []*rules.Figure) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].ID < fs[j].ID })
}

// uget reads a unit variable (0 when unset).
func uget(u *rules.Unit, k string) int { return u.Vars[k] }

// uset writes a unit variable, deleting zeros so equal states hash equally.
func uset(u *rules.Unit, k string, v int) { u.SetVar(k, v) }

// VarsBySetter: S.M.L.E. writes units', sides' and the game's variables
// only through their SetVar (uset; keepVars hands a unit a new map), so
// the random player's copies share those maps until written.
func (SMLE) VarsBySetter() bool { return true }
