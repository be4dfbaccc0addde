package save

import (
	"errors"
	"io/fs"

	"hedgerow/rules"
)

// Salvage replays as much of a save as still matches. A save that
// replays whole comes back as it is, with kept = every command. One that
// stops matching at command N (a *ReplayError: refused, or its state
// hash differs) comes back as the game after its first N-1 commands,
// rebuilt afresh so that its log, hashes and undo are as if those were
// all that was ever played, with kept = N-1 and the replay's error saying
// what went wrong at N. A save that cannot be started at all (unreadable
// scenario, bad placements, the wrong number of hashes) gives a nil game
// and the error.
func Salvage(sf *File, scenarios fs.FS, maps fs.FS, lookup func(id string) (rules.RuleSet, bool)) (g *rules.Game, kept int, err error) {
	g, _, err = ReplayFile(sf, scenarios, maps, lookup)
	if err == nil {
		return g, len(sf.Commands), nil
	}
	var re *ReplayError
	if !errors.As(err, &re) || re.Command < 1 || re.Command > len(sf.Commands) {
		return nil, 0, err
	}
	kept = re.Command - 1
	cut := *sf
	cut.Commands = sf.Commands[:kept]
	cut.Hashes = sf.Hashes[:min(len(sf.Hashes), kept/rules.HashEvery)]
	g2, _, err2 := replay(&cut, scenarios, maps, lookup, nil, false)
	if err2 != nil {
		return nil, 0, err // should not happen: those commands matched a moment ago
	}
	return g2, kept, err
}
