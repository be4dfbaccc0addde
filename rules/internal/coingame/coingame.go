// Package coingame is a tiny rule set for testing the core, the scenario
// loader and saves without a real rule set, with its scenario and map.
package coingame

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
)

// Game is a tiny rule set for testing the core without a real one:
// sides alternate; the deciding side may step a figure up to 4", shoot
// (one d6: a 6 removes the target) or end its turn. Losing
// victory_losses figures (default 2) loses the game.
type Game struct{}

func (Game) ID() string   { return "coin" }
func (Game) Name() string { return "Coin test game" }

func (Game) Start(s *rules.State) ([]rules.Event, error) {
	d := s.Roll(2)
	s.Active, s.Decider = d.Face-1, d.Face-1
	s.Phase = "play"
	return []rules.Event{{Kind: "turn", Side: s.Active, Text: fmt.Sprintf("side %d goes first", s.Active+1),
		Roll: &rules.Ledger{What: "first go", Dice: []rules.Die{d}, Compare: "table", Total: d.Face, Outcome: "side"}}}, nil
}

func (Game) Legal(s *rules.State) []rules.Command {
	var out []rules.Command
	for _, f := range s.Alive(s.Decider) {
		out = append(out, rules.Command{Verb: "move", Fig: f.ID})
		for _, e := range s.Alive(1 - s.Decider) {
			if f.Var("shot") == 0 {
				out = append(out, rules.Command{Verb: "shoot", Fig: f.ID, Targets: []rules.FigID{e.ID}})
			}
		}
	}
	return append(out, rules.Command{Verb: "end"})
}

func (g Game) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	switch c.Verb {
	case "end":
		for i := range s.Figures {
			s.Figures[i].SetVar("shot", 0)
		}
		s.Active = 1 - s.Active
		s.Decider = s.Active
		if s.Active == 0 {
			s.Round++
		}
		return []rules.Event{{Kind: "turn", Side: s.Active, Text: "turn passes"}}, nil
	case "move":
		mi := g.MoveCheck(s, c.Fig, c.Path)
		if !mi.OK {
			return nil, errors.New(mi.Why)
		}
		f := s.Fig(c.Fig)
		f.Pos = mi.Stop
		return []rules.Event{{Kind: "move", Side: f.Side, Fig: f.ID, Path: mi.Legs, Text: "moves"}}, nil
	case "shoot":
		f := s.Fig(c.Fig)
		if f == nil || f.Side != s.Decider || f.Removed {
			return nil, errors.New("choose one of your own figures")
		}
		if f.Var("shot") != 0 {
			return nil, errors.New("that figure has already shot this turn")
		}
		if len(c.Targets) != 1 {
			return nil, errors.New("shoot at one target")
		}
		t := s.Fig(c.Targets[0])
		if t.Side == f.Side || t.Removed {
			return nil, errors.New("choose an enemy figure still on the table")
		}
		f.SetVar("shot", 1)
		d := s.Roll(6)
		l := &rules.Ledger{What: "shot", Dice: []rules.Die{d}, Target: 6, Compare: ">=", Total: d.Face, Outcome: "miss"}
		evs := []rules.Event{{Kind: "roll", Side: f.Side, Fig: f.ID, Target: t.ID, Roll: l, Text: "shoots"}}
		if d.Face >= 6 {
			l.Outcome = "hit"
			t.Removed = true
			s.Sides[t.Side].Losses++
			evs = append(evs, rules.Event{Kind: "removed", Side: t.Side, Fig: t.ID, Text: "falls"})
			limit := s.Var(rules.VarVictoryLosses)
			if limit == 0 {
				limit = 2
			}
			if s.Sides[t.Side].Losses >= limit {
				s.Over, s.Winner, s.Result = true, f.Side, "enough losses"
				evs = append(evs, rules.Event{Kind: "win", Side: f.Side, Text: "wins"})
			}
		}
		return evs, nil
	}
	return nil, fmt.Errorf("unknown command %q", c.Verb)
}

func (Game) Odds(s *rules.State, c rules.Command) (rules.Odds, error) {
	if c.Verb != "shoot" {
		return rules.Odds{}, errors.New("only shots have odds")
	}
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "hit", P: 1.0 / 6}, {Name: "miss", P: 5.0 / 6}}}, nil
}

func (Game) MoveCheck(s *rules.State, fig rules.FigID, path []geom.Pt) rules.MoveInfo {
	f := s.Fig(fig)
	mi := rules.MoveInfo{Allowance: geom.In(4)}
	if f == nil || f.Side != s.Decider || f.Removed {
		mi.Why = "choose one of your own figures"
		return mi
	}
	if len(path) == 0 {
		mi.Why = "no path"
		return mi
	}
	mi.Legs = append([]geom.Pt{f.Pos}, path...)
	for i := 1; i < len(mi.Legs); i++ {
		mi.Length += geom.Dist(mi.Legs[i-1], mi.Legs[i])
	}
	mi.Cost = mi.Length
	mi.Stop = path[len(path)-1]
	c := geom.Circle{C: mi.Stop, R: s.BaseR}
	switch {
	case mi.Cost > mi.Allowance:
		mi.Why = fmt.Sprintf("too far: %s\" of %s\"", rules.FormatInches(mi.Cost), rules.FormatInches(mi.Allowance))
	case !rules.BaseOnTable(s.Map, c):
		mi.Why = "off the table"
	case rules.BaseBlocked(s.Map, c, false):
		mi.Why = "cannot stand in impassable terrain"
	default:
		mi.OK = true
	}
	return mi
}

// MapText is the coin game's table: 24" square, a building in the middle.
const MapText = `name = "Test table"
[table]
width = 24
height = 24

[[terrain]]
kind = "building"
rect = [10, 10, 4, 4]

[[area]]
name = "south"
kind = "deployment"
side = 0
rect = [0, 18, 24, 6]

[[area]]
name = "north"
kind = "deployment"
side = 1
rect = [0, 0, 24, 6]
`

// ScenarioText is the coin game's scenario, coin.toml on FS.
const ScenarioText = `name = "Coin skirmish"
rule_set = "coin"
map = "table.toml"
turn_limit = 6

[victory]
losses = 3

[[side]]
name = "Blue"
colour = "#2040c0"
deployment = "south"
  [[side.unit]]
  name = "Alpha"
    [[side.unit.figure]]
    name = "Able"
    leader = true
    pos = [4, 20]
    [[side.unit.figure]]
    name = "Baker"
    [[side.unit.figure]]
    name = "Charlie"

[[side]]
name = "Red"
colour = "#c02020"
  [[side.unit]]
  name = "Bravo"
    [[side.unit.figure]]
    name = "Dog"
    [[side.unit.figure]]
    name = "Easy"
    [[side.unit.figure]]
    name = "Fox"
    posture = "prone"
`

// FS holds coin.toml and its map table.toml.
func FS() fstest.MapFS {
	return fstest.MapFS{
		"coin.toml":  {Data: []byte(ScenarioText)},
		"table.toml": {Data: []byte(MapText)},
	}
}

// Lookup finds the coin game by its id.
func Lookup(id string) (rules.RuleSet, bool) {
	if id == "coin" {
		return Game{}, true
	}
	return nil, false
}

// WithCoin lets scenarios name the coin rule set for the test.
func WithCoin(t testing.TB) {
	old := scenario.KnownRuleSets
	scenario.KnownRuleSets = func() []string { return []string{"coin", "ssg"} }
	t.Cleanup(func() { scenario.KnownRuleSets = old })
}

// New starts the coin scenario with the seed.
func New(t testing.TB, seed uint64) *rules.Game {
	t.Helper()
	WithCoin(t)
	sc, m, err := scenario.Load(FS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.NewGame(Game{}, sc, m, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// MustApply applies a command in notation, or fails the test.
func MustApply(t testing.TB, g *rules.Game, line string) []rules.Event {
	t.Helper()
	c, err := rules.ParseCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.Apply(c)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return evs
}

// Figs returns the first living figure of the deciding side, and an enemy.
func Figs(g *rules.Game) (own, enemy *rules.Figure) {
	return g.St.Alive(g.St.Decider)[0], g.St.Alive(1 - g.St.Decider)[0]
}

// Play plays a random game and returns it with its save text.
func Play(t testing.TB, seed uint64) (*rules.Game, []byte) {
	t.Helper()
	WithCoin(t)
	sc, m, err := scenario.Load(FS(), "coin.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.PlayRandom(Game{}, sc, m, seed, 2000)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	return g, buf.Bytes()
}
