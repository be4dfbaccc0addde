package skirmish35

import (
	"errors"
	"fmt"
	"strconv"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// Phases.
const (
	PhaseTurn = "turn" // the active side's figures spend their points
	PhaseOpp  = "opp"  // the other side may spend held points on opportunity fire
	PhaseWon  = "won"  // a defender that won hand to hand: its side kills or captures the attacker
)

// Morale levels, kept in the figure variable fLvl.
const (
	Confident = iota
	Suppressed
	Shaken
	Broken
)

var levelNames = []string{"confident", "suppressed", "shaken", "broken"}

// Figure variables.
const (
	fAP        = "ap"    // action points left this turn
	fMax       = "apmax" // the turn's budget
	fLvl       = "lvl"   // morale level
	fLvlTest   = "lvlm"  // 1: suppressed by a failed morale test (rally needs a test)
	fMoved     = "mv"    // distance moved this turn (position units)
	fTMoved    = "tmv"   // distance moved with no action after it (target moving)
	fScan      = "scan"  // turn it last looked about (acquire with no target)
	fSpotted   = "spot"  // 1: a hidden figure the enemy has acquired
	fFlash     = "flash" // 1: a hidden sniper that has fired (hard cover no longer hides it)
	fFiredAt   = "fat"   // turn it was last fired at
	fPenalty   = "pen"   // points lost from its next turn
	fLock      = "lock"  // the enemy it is locked with in hand to hand
	fDrawn     = "drawn" // turn its fight was last drawn (it goes on next turn)
	fPreSeen   = "pres"  // turn in which it had an enemy acquired before it first moved
	fContrib   = "ctb"   // turn it counted towards a surrender
	fContribOn = "ctbo"  // the figure called on then (it may still fire at it)
	fChalled   = "chl"   // turn it was last called on to surrender
	fMortarAX  = "max"   // a mortar's last aim point and landing (+1 so 0 is unset)
	fMortarAY  = "may"
	fMortarLX  = "mlx"
	fMortarLY  = "mly"
	fMortarOK  = "mok"
	fGuard     = "guard" // a prisoner's guard
	fBailed    = "bail"  // the vehicle a crewman bailed out of (he may climb back in)
)

// per-target acquisition variables, keyed by the target's id
func vAcq(t rules.FigID) string   { return "a" + strconv.Itoa(int(t)) } // turn last acquired
func vPrev(t rules.FigID) string  { return "p" + strconv.Itoa(int(t)) } // the acquisition before it
func vTried(t rules.FigID) string { return "t" + strconv.Itoa(int(t)) } // turn last tried (ids past maskIDs)

// Tries this turn are a bit set for small ids (fewer variables to copy
// and hash on every command), a variable per target beyond.
const (
	fTryMask = "tmask"
	fTryTurn = "tturn"
	maskIDs  = 30 // bits of an int on every GOARCH (32-bit included)
)

func tried(s *rules.State, f *rules.Figure, t rules.FigID) bool {
	if t <= maskIDs {
		return f.Var(fTryTurn) == turnNo(s) && f.Var(fTryMask)&(1<<uint(t)) != 0
	}
	return f.Var(vTried(t)) == turnNo(s)
}

func setTried(s *rules.State, f *rules.Figure, t rules.FigID) {
	if t <= maskIDs {
		if f.Var(fTryTurn) != turnNo(s) {
			f.SetVar(fTryTurn, turnNo(s))
			f.SetVar(fTryMask, 0)
		}
		f.SetVar(fTryMask, f.Var(fTryMask)|1<<uint(t))
		return
	}
	f.SetVar(vTried(t), turnNo(s))
}

// Game and side variables.
const (
	gTurn     = "turn"    // side turns so far, from 1
	gOppMover = "oppfig"  // the figure that opened an opportunity window
	sRadioBad = "radio1"  // side var: its radio last came up double one
	gLines    = "sl.n"    // suppressive fire lines laid
	gSmoke    = "sm.n"    // smoke clouds on the table
	gMortar   = "mp.n"    // mortar rounds on their way
	gLastFig  = "lastfig" // the figure that acted last (for the panel)
	gLive     = "gl.n"    // grenades lying live, to go off at the end of the next turn
	gOppFromX = "oppfx"   // where the mover started (+1 so 0 is unset)
	gOppFromY = "oppfy"
	gOppPath  = "op.n"  // the opportunity window's mover's path (op0.x, op0.y, ...)
	gWinner   = "wonby" // PhaseWon: the defender that won hand to hand
	gLoser    = "wonof" // and the attacker it beat
)

var oppPathFields = []string{"x", "y"}

// Skirmish is the rule set; it holds only its read-only data.
type Skirmish struct{ d *Data }

// New returns the rule set.
func New() rules.RuleSet { return Skirmish{d: theData} }

func (Skirmish) ID() string   { return "skirmish35" }
func (Skirmish) Name() string { return "1/35th Scale WWII Skirmish" }

// Vocabulary lists the words a scenario may use.
func (r Skirmish) Vocabulary() rules.Vocabulary {
	v := rules.Vocabulary{Qualities: []string{"green", "experienced", "elite"}, Options: []string{rules.OptHidden, rules.OptLockedDoors}}
	for _, w := range r.d.Weapons {
		v.Weapons = append(v.Weapons, w.ID)
	}
	return v
}

var _ rules.Vocabularied = Skirmish{}

// budget is a figure's action points for a fresh turn.
func (r Skirmish) budget(f *rules.Figure) int {
	p := r.d.T.Points
	n := p.Experienced
	switch f.Quality {
	case "green":
		n = p.Green
	case "elite":
		n = p.Elite
	}
	if f.Var(fLvl) >= Suppressed {
		n -= p.MoraleLoss
	}
	return max(0, n)
}

// Start checks the set-up and opens the first turn.
func (r Skirmish) Start(s *rules.State) ([]rules.Event, error) {
	if s.BaseR <= 0 {
		return nil, errors.New("figures need a base radius")
	}
	for side := range s.Sides {
		if len(s.Alive(side)) == 0 {
			return nil, fmt.Errorf("%s on the table", rules.Does(s.Sides[side].Name, "has no figures", "have no figures"))
		}
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		switch f.Quality {
		case "", "green", "experienced", "elite":
		default:
			return nil, fmt.Errorf("%s: unknown experience %q (green, experienced or elite)", f.Name, f.Quality)
		}
		for _, w := range f.Weapons {
			if _, ok := r.d.Weapon(w); !ok {
				return nil, fmt.Errorf("%s carries %q, which this rule set does not know", f.Name, w)
			}
		}
		if s.Sides[f.Side].Vars["hidden"] == 1 {
			f.Markers |= rules.Hidden
		}
	}
	autoFace(s)
	evs := lockAtStart(s)
	s.Round, s.Over, s.Winner = 1, false, -1
	s.SetVar(gTurn, 1)
	evs = append([]rules.Event{{Kind: "phase", Side: 0, Text: "1/35th Scale WWII Skirmish: sides take whole turns in turn; each figure spends its own action points."}}, evs...)
	return append(evs, r.beginTurn(s, 0)...), nil
}

// autoFace turns the figures of a side that the scenario left all facing
// up the table towards their nearest enemy.
func autoFace(s *rules.State) {
	for side := 0; side < 2; side++ {
		unset := true
		for _, f := range alive(s, side) {
			if f.Facing != 0 {
				unset = false
			}
		}
		if !unset {
			continue
		}
		for _, f := range alive(s, side) {
			if e := nearest(s, f.Pos, alive(s, 1-side)); e != nil {
				f.Facing = bearing(f.Pos, e.Pos)
			}
		}
	}
}

// nearest is the figure of list nearest p (lowest id on a tie).
func nearest(s *rules.State, p geom.Pt, list []*rules.Figure) *rules.Figure {
	var best *rules.Figure
	var bd int64
	for _, e := range list {
		if d := geom.Dist2(p, e.Pos); best == nil || d < bd {
			best, bd = e, d
		}
	}
	return best
}

func turnNo(s *rules.State) int { return s.Var(gTurn) }

// acted notes an action other than moving: the figure no longer counts
// as a moving target.
func acted(s *rules.State, f *rules.Figure) {
	f.SetVar(fTMoved, 0)
	s.SetVar(gLastFig, int(f.ID))
}

// actor checks the figure a command names: on the table, the active
// side's, in its own turn.
func actor(s *rules.State, c rules.Command) (*rules.Figure, error) {
	f := s.Fig(c.Fig)
	if f == nil {
		return nil, errors.New("name the figure that acts")
	}
	switch {
	case f.Removed:
		return nil, fmt.Errorf("%s is out of the fight", f.Name)
	case s.Phase != PhaseTurn:
		return nil, errors.New("this is a window for opportunity fire: fire or let it pass")
	case f.Side != s.Active:
		return nil, fmt.Errorf("it is %s turn", rules.Possessive(s.Sides[s.Active].Name))
	case f.Markers.Has(rules.Surrendered):
		return nil, fmt.Errorf("%s is a prisoner", f.Name)
	}
	return f, nil
}

func target(s *rules.State, c rules.Command) (*rules.Figure, error) {
	if len(c.Targets) != 1 {
		return nil, errors.New("name one target figure")
	}
	t := s.Fig(c.Targets[0])
	if t == nil || t.Removed {
		return nil, errors.New("the target is not on the table")
	}
	return t, nil
}

// verbs35 are the figure verbs Apply knows (vehicle verbs: isVehicleVerb):
// any other is refused as no command at all, before the state is asked
// about (issue 25). A verb added to Apply's switches belongs here too.
var verbs35 = map[string]bool{
	"oppfire": true, "oppsup": true, "oppmg": true, "pass": true, "end": true,
	"move": true, "face": true, "prone": true, "stand": true, "acquire": true, "fire": true,
	"opp": true, "throwback": true, "door": true, "lean": true, "climb": true, "at": true,
	"board": true, "hide": true, "rally": true, "reload": true, "suppress": true,
	"grenade": true, "plot": true, "melee": true, "surrender": true,
	"kill": true, "capture": true, // the winner of hand to hand decides (PhaseWon)
}

// Apply carries out one command; on error the caller discards s.
func (r Skirmish) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if s.Over {
		return nil, errors.New("the game is over")
	}
	if !verbs35[c.Verb] && !isVehicleVerb(c.Verb) {
		return nil, fmt.Errorf("no such command: %s", c.Verb)
	}
	if s.Phase == PhaseOpp {
		switch c.Verb {
		case "oppfire":
			return r.applyOppFire(s, c)
		case "oppsup":
			return r.applyOppSup(s, c)
		case "oppmg":
			return r.applyVOppFire(s, c)
		case "pass":
			if c.Fig != 0 || len(c.Targets) > 0 || len(c.Path) > 0 || c.Arg != "" {
				return nil, errors.New(`"pass" takes nothing more`)
			}
			return r.closeOpp(s), nil
		}
		return nil, errors.New("an opportunity fire window is open: fire (oppfire) or let it pass")
	}
	if s.Phase == PhaseWon {
		return r.applyWon(s, c)
	}
	if c.Verb == "end" {
		if c.Fig != 0 || c.Unit != 0 || len(c.Path) > 0 || len(c.Targets) > 0 || c.Arg != "" {
			return nil, errors.New(`"end" takes nothing more`)
		}
		evs, done := r.compelledRuns(s)
		if !done {
			return evs, nil
		}
		return append(evs, r.endTurn(s)...), nil
	}
	if isVehicleVerb(c.Verb) {
		return r.applyVehicle(s, c)
	}
	f, err := actor(s, c)
	if err != nil {
		return nil, err
	}
	if s.Carrier(f.ID) != 0 {
		return nil, fmt.Errorf("%s is aboard a vehicle", f.Name)
	}
	if c.Unit != 0 {
		return nil, errors.New("figures act one at a time: name no unit")
	}
	if l := f.Var(fLock); l != 0 && c.Verb != "melee" {
		return nil, fmt.Errorf("%s is locked in hand to hand with %s", f.Name, s.Fig(rules.FigID(l)).Name)
	}
	if !compelledVerbs[c.Verb] {
		if why := r.compelled(s, f); why != "" {
			return nil, fmt.Errorf("%s; until then he may only move or crawl, stand up or go prone, use a door, climb through a window, look about or rally", why)
		}
	}
	switch c.Verb {
	case "move":
		return r.applyMove(s, f, c)
	case "face":
		return r.applyFace(s, f, c)
	case "prone", "stand":
		return r.applyPosture(s, f, c)
	case "acquire":
		return r.applyAcquire(s, f, c)
	case "fire":
		return r.applyFire(s, f, c)
	case "opp":
		return r.applyHold(s, f, c)
	case "throwback":
		return r.applyThrowBack(s, f, c)
	case "door":
		return r.applyDoor(s, f, c)
	case "lean":
		return r.applyLean(s, f, c)
	case "climb":
		return r.applyClimb(s, f, c)
	case "at":
		return r.applyAT(s, f, c)
	case "board":
		return r.applyBoard(s, f, c)
	case "hide":
		return r.applyHide(s, f, c)
	case "rally":
		return r.applyRally(s, f, c)
	case "reload":
		return r.applyReload(s, f, c)
	case "suppress":
		return r.applySuppress(s, f, c)
	case "grenade":
		return r.applyGrenade(s, f, c)
	case "plot":
		return r.applyPlot(s, f, c)
	case "melee":
		return r.applyMelee(s, f, c)
	case "surrender":
		return r.applySurrender(s, f, c)
	}
	return nil, fmt.Errorf("this rule set has no %q command", c.Verb)
}
