package save

import (
	"fmt"

	"hedgerow/rules"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// Caps on a save's entries, beyond MaxBytes for the whole file: no
// string in a save is longer than its job needs.
const (
	MaxSaveNameChars = 255 // "scenario": the file name the scenario loaded under
	maxHashChars     = 64  // "scenario_hash", "final_hash", each of "hashes"
)

// checkSaveValues refuses a save whose strings are longer than their job
// needs, or whose names hold control characters (they are printed: a
// hostile save could rewrite the terminal). Commands and texts are
// checked further when they are read.
func checkSaveValues(sf *File) error {
	if msg := terrain.TextProblem("the save's rule_set", sf.RuleSet, scenario.MaxNameLen, false); msg != "" {
		return fmt.Errorf("%s", msg)
	}
	if msg := terrain.TextProblem("the save's scenario (its file name)", sf.Scenario, MaxSaveNameChars, false); msg != "" {
		return fmt.Errorf("%s", msg)
	}
	if len(sf.ScenarioText) > scenario.MaxBytes {
		return fmt.Errorf("the save's scenario_text is %d bytes; a scenario may be at most %d bytes", len(sf.ScenarioText), scenario.MaxBytes)
	}
	if len(sf.MapText) > terrain.MaxFileBytes {
		return fmt.Errorf("the save's map_text is %d bytes; a map may be at most %d bytes", len(sf.MapText), terrain.MaxFileBytes)
	}
	hash := func(what, h string) error {
		if len(h) > maxHashChars {
			return fmt.Errorf("the save's %s is %d characters long; a hash is at most %d", what, len(h), maxHashChars)
		}
		return nil
	}
	if err := hash("scenario_hash", sf.ScenarioHash); err != nil {
		return err
	}
	if err := hash("final_hash", sf.FinalHash); err != nil {
		return err
	}
	for i, h := range sf.Hashes {
		if err := hash(fmt.Sprintf("hash %d", i+1), h); err != nil {
			return err
		}
	}
	if len(sf.Deploy) > scenario.MaxFigures {
		return fmt.Errorf("the save places %d figures; a scenario has at most %d", len(sf.Deploy), scenario.MaxFigures)
	}
	for i, l := range sf.Deploy {
		if len(l) > rules.MaxCommandBytes {
			return fmt.Errorf("placement %d is %d bytes long; a command is at most %d", i+1, len(l), rules.MaxCommandBytes)
		}
	}
	for i, l := range sf.Commands {
		if len(l) > rules.MaxCommandBytes {
			return fmt.Errorf("command %d is %d bytes long; a command is at most %d", i+1, len(l), rules.MaxCommandBytes)
		}
	}
	return nil
}
