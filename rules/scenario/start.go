package scenario

import (
	"errors"
	"fmt"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/terrain"
	"hedgerow/rules/tomlpos"
)

// StartProblems runs the checks the game runs when a battle begins
// (automatic deployment, the opening state and the rule set's Start) on a
// scenario that loaded, so that hedgerow check refuses a file the game
// could not start. A problem is reported at the line of the figure, unit
// or side it names (the figure whose name the rule set's message begins
// with), else at the rule_set line. nil when the game would start.
func StartProblems(sc *rules.Scenario, m *terrain.Map, rs rules.RuleSet) []terrain.Problem {
	if sc == nil || m == nil || rs == nil {
		return nil
	}
	seed := uint64(1)
	if sc.HasSeed {
		seed = sc.Seed
	}
	_, _, err := rules.NewGame(rs, sc, m, seed)
	if err == nil {
		return nil
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "the game cannot start") {
		msg = "the game cannot start: " + msg
	}
	ix, ierr := tomlpos.Scan(sc.Text, tomlpos.Default)
	if ierr != nil { // cannot happen: the text loaded
		return []terrain.Problem{{File: sc.File, Msg: msg}}
	}
	p := keyPositions{ix}.find(startProblemPath(sc, err))
	return []terrain.Problem{{File: sc.File, Line: p.line, Col: p.col, Msg: msg}}
}

// startProblemPath finds the key path of what a start error is about.
func startProblemPath(sc *rules.Scenario, err error) string {
	var de *rules.DeployError
	if errors.As(err, &de) && de.Side >= 0 && de.Side < 2 {
		return fmt.Sprintf("side#%d", de.Side+1)
	}
	text := strings.TrimPrefix(err.Error(), "the game cannot start: ")
	fig, unit, side := "", "", ""
	figLen, unitLen := 0, 0
	nu, nf := 0, 0
	for s := range sc.Sides {
		if side == "" && named(text, sc.Sides[s].Name) {
			side = fmt.Sprintf("side#%d", s+1)
		}
		for _, u := range sc.Sides[s].Units {
			nu++
			up := fmt.Sprintf("side#%d.unit#%d", s+1, nu)
			if named(text, u.Name) && len(u.Name) > unitLen {
				unit, unitLen = up, len(u.Name)
			}
			for _, f := range u.Figures {
				nf++
				if named(text, f.Name) && len(f.Name) > figLen {
					fig, figLen = fmt.Sprintf("%s.figure#%d", up, nf), len(f.Name)
				}
			}
		}
	}
	switch {
	case fig != "" && figLen >= unitLen:
		return fig
	case unit != "":
		return unit
	case side != "":
		return side
	}
	return "rule_set"
}

// named reports whether a message begins with name followed by a space or
// a colon (or quotes it), so "Red rifle 1" does not match "Red rifle 10".
func named(text, name string) bool {
	if name == "" {
		return false
	}
	if strings.Contains(text, fmt.Sprintf("%q", name)) {
		return true
	}
	rest, ok := strings.CutPrefix(text, name)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == ':' || rest[0] == ',')
}
