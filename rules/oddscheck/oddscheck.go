// Package oddscheck checks a rule set's Odds against its engine: it plays
// a proposed command many times on copies of a state, each copy with its
// own seeded dice, names what happened in each trial, and compares the
// counts with the probabilities Odds gives. Every rule set with dice
// should have such a test for every kind of command that rolls them, from
// several varied states, so that Odds stays the engine's exact
// distribution however either changes.
//
// Usage, in a rule set's test:
//
//	res := oddscheck.Run(ruleset, state, cmd, classify, 20000, 1)
//	if err := res.Err(); err != nil { t.Error(err) }
//
// classify names the outcome a trial produced, in the same words Odds
// uses, from the state before, the state after and the events (for
// instance "hit" when the target was removed). The dice come from a PCG
// generator seeded with (seed, trial), so the test is deterministic: a
// fixed seed that passes today passes tomorrow unless the rules change.
//
// The bound: for each outcome of probability p, the count k of n trials
// must lie within Z standard deviations of n*p (plus one for rounding).
// Z = 5.5 makes a false alarm on a correct Odds about one in ten million
// per outcome, while with 20,000 trials a real difference of 2.5 points on
// an even chance (less on rarer ones) fails. An outcome Odds gives as
// impossible must never happen, and one the engine produced that Odds
// does not name fails at once.
package oddscheck

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"hedgerow/rules"
)

// Z is the number of standard deviations a count may stray.
const Z = 5.5

// Classify names what one trial produced, in Odds' words.
type Classify func(before, after *rules.State, evs []rules.Event) string

// Row is one outcome: the probability Odds gives and how often the engine
// produced it.
type Row struct {
	Name  string
	P     float64 // from Odds
	Count int     // trials that produced it
	Bound float64 // allowed |Count - n*P|
}

// Result is a whole check.
type Result struct {
	Command string
	N       int
	Rows    []Row
	Unnamed map[string]int // outcomes the engine produced that Odds does not list
	OddsErr error
	Refused error // the command was refused in some trial
}

// Run plays c on n copies of st (never changed) and compares with Odds.
func Run(rs rules.RuleSet, st *rules.State, c rules.Command, classify Classify, n int, seed uint64) Result {
	o, err := rs.Odds(st.Clone(), c)
	if err != nil {
		return Result{Command: c.String(), OddsErr: err}
	}
	play := func(s *rules.State) ([]rules.Event, error) { return rs.Apply(s, c) }
	return RunDist(c.String(), o.Outcomes, st, play, classify, n, seed)
}

// RunParts checks each part of a command's odds (Odds.Parts: one figure
// under a template, one pairing of an assault) the same way; classify
// names what the trial did for that part.
func RunParts(rs rules.RuleSet, st *rules.State, c rules.Command, classify func(part rules.OddsPart) Classify, n int, seed uint64) []Result {
	o, err := rs.Odds(st.Clone(), c)
	if err != nil {
		return []Result{{Command: c.String(), OddsErr: err}}
	}
	play := func(s *rules.State) ([]rules.Event, error) { return rs.Apply(s, c) }
	var out []Result
	for _, p := range o.Parts {
		out = append(out, RunDist(c.String()+" / "+p.Name, p.Outcomes, st, play, classify(p), n, seed))
	}
	return out
}

// RunDist is the general check: outcomes is the claimed distribution and
// play does in each trial whatever rolls the dice (an Apply, or a rule
// set's own round-start rolls).
func RunDist(what string, outcomes []rules.Outcome, st *rules.State, play func(*rules.State) ([]rules.Event, error), classify Classify, n int, seed uint64) Result {
	res := Result{Command: what, N: n, Unnamed: map[string]int{}}
	idx := map[string]int{}
	for _, x := range outcomes {
		idx[x.Name] = len(res.Rows)
		res.Rows = append(res.Rows, Row{Name: x.Name, P: x.P})
	}
	for i := 0; i < n; i++ {
		s := st.Clone()
		s.Forced = nil
		s.RNG = *rand.NewPCG(seed, uint64(i))
		before := s.Clone()
		evs, err := play(s)
		if err != nil {
			res.Refused = fmt.Errorf("trial %d: %v", i, err)
			return res
		}
		name := classify(before, s, evs)
		if j, ok := idx[name]; ok {
			res.Rows[j].Count++
		} else {
			res.Unnamed[name]++
		}
	}
	for i := range res.Rows {
		p := res.Rows[i].P
		res.Rows[i].Bound = float64(Z*math.Sqrt(float64(float64(n)*p)*(1-p))) + 1
	}
	return res
}

// Err says what disagrees, or nil.
func (r Result) Err() error {
	if r.OddsErr != nil {
		return fmt.Errorf("%s: odds refused: %v", r.Command, r.OddsErr)
	}
	if r.Refused != nil {
		return fmt.Errorf("%s: %v", r.Command, r.Refused)
	}
	var bad []string
	sum := 0.0
	for _, x := range r.Rows {
		sum += x.P
		want := float64(float64(r.N) * x.P)
		if math.Abs(float64(x.Count)-want) > x.Bound || (x.P == 0 && x.Count > 0) {
			bad = append(bad, fmt.Sprintf("%q odds %.4f, engine %.4f", x.Name, x.P, float64(x.Count)/float64(r.N)))
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		bad = append(bad, fmt.Sprintf("odds sum to %v", sum))
	}
	var un []string
	for k := range r.Unnamed {
		un = append(un, k)
	}
	sort.Strings(un)
	for _, k := range un {
		bad = append(bad, fmt.Sprintf("engine produced %q %d times; odds do not name it", k, r.Unnamed[k]))
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("%s over %d trials: %s\n%s", r.Command, r.N, strings.Join(bad, "; "), r)
}

// String is a table of the check, for logs and reports.
func (r Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d trials)\n", r.Command, r.N)
	for _, x := range r.Rows {
		fmt.Fprintf(&b, "  %-24s odds %.4f  engine %.4f\n", x.Name, x.P, float64(x.Count)/float64(r.N))
	}
	return b.String()
}
