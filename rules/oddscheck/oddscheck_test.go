package oddscheck

import (
	"errors"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// coin is a toy rule set: "roll" succeeds on a d6 of 5 or more; its Odds
// claim p.
type coin struct{ p float64 }

func (coin) ID() string                                                    { return "coin" }
func (coin) Name() string                                                  { return "coin" }
func (coin) Start(*rules.State) ([]rules.Event, error)                     { return nil, nil }
func (coin) Legal(*rules.State) []rules.Command                            { return nil }
func (coin) MoveCheck(*rules.State, rules.FigID, []geom.Pt) rules.MoveInfo { return rules.MoveInfo{} }
func (coin) Apply(s *rules.State, c rules.Command) ([]rules.Event, error) {
	if c.Verb != "roll" {
		return nil, errors.New("no")
	}
	d := s.Roll(6)
	out := "fail"
	if d.Face >= 5 {
		out = "success"
	}
	return []rules.Event{{Kind: "roll", Roll: &rules.Ledger{Outcome: out}}}, nil
}
func (c coin) Odds(*rules.State, rules.Command) (rules.Odds, error) {
	return rules.Odds{Outcomes: []rules.Outcome{{Name: "success", P: c.p}, {Name: "fail", P: 1 - c.p}}}, nil
}

func outcome(_, _ *rules.State, evs []rules.Event) string { return evs[0].Roll.Outcome }

// The bound passes the true odds and fails odds off by 2.5 points (and
// anything the odds do not name), with the same fixed seed.
func TestBound(t *testing.T) {
	s := &rules.State{}
	c := rules.Command{Verb: "roll"}
	if err := Run(coin{1.0 / 3}, s, c, outcome, 20000, 1).Err(); err != nil {
		t.Errorf("true odds refused: %v", err)
	}
	for _, p := range []float64{1.0/3 + 0.025, 1.0/3 - 0.025} {
		if err := Run(coin{p}, s, c, outcome, 20000, 1).Err(); err == nil {
			t.Errorf("odds %.4f against a true 1/3 passed", p)
		}
	}
	if err := Run(coin{1}, s, c, outcome, 1000, 1).Err(); err == nil {
		t.Error("odds that name no failure passed")
	}
}
