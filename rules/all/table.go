package all

import (
	"io"
	"io/fs"

	"hedgerow/rules"
	"hedgerow/rules/ai"
	"hedgerow/rules/save"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// The table's door into the rules. Of rules/, the table (game/ and its
// sub-packages) imports only the core, rules/geom, rules/terrain and this
// package: what it needs of the scenario loader, saves and replays and
// the computer player it finds here, with the rule sets already looked up
// in the list above. It never names a rule set, nor a package beside the
// core (a test in docs/ holds it to that).

// Scenarios and maps.

// MapFinder is where a scenario's map may be read from: beside a
// scenario on disk, or among the shipped maps (scenario.MapFinder).
func MapFinder(fsys fs.FS, scenarioName string, maps fs.FS) func(string) (string, []byte, error) {
	return scenario.MapFinder(fsys, scenarioName, maps)
}

// MaxFigures is how many figures a scenario may hold.
const MaxFigures = scenario.MaxFigures

// LoadScenario reads and checks a scenario file from fsys and the map it
// names; problems come back as a *terrain.LoadError.
func LoadScenario(fsys fs.FS, name string, maps fs.FS) (*rules.Scenario, *terrain.Map, error) {
	return scenario.Load(fsys, name, maps)
}

// ParseScenario is LoadScenario for a scenario's text already read.
func ParseScenario(name string, data []byte, mapFile func(string) (string, []byte, error)) (*rules.Scenario, *terrain.Map, error) {
	return scenario.Parse(name, data, mapFile)
}

// CheckMapName says what is wrong with a map's name in a scenario, if
// anything.
func CheckMapName(name string) error { return scenario.CheckMapName(name) }

// OutsideZone reports whether a figure stands outside its side's set-up
// zone at deployment, and which zone.
func OutsideZone(sc *rules.Scenario, m *terrain.Map, side int, f *rules.ScenarioFigure) (*terrain.Area, bool) {
	return scenario.OutsideZone(sc, m, side, f)
}

// Saves and replays.

// SaveFile is a save as read or written (save.File).
type SaveFile = save.File

// SaveFormat is the format this build writes; MaxSaveBytes bounds a save.
const (
	SaveFormat   = save.Format
	MaxSaveBytes = save.MaxBytes
)

// SaveOf is g as a save.
func SaveOf(g *rules.Game) *SaveFile { return save.Of(g) }

// WriteSave writes g as a save to w.
func WriteSave(g *rules.Game, w io.Writer) error { return save.Write(g, w) }

// WriteSaveAtomic writes g as a save to path, whole or not at all.
func WriteSaveAtomic(path string, g *rules.Game) error { return save.WriteAtomic(path, g) }

// ReadSave reads and checks a save.
func ReadSave(r io.Reader) (*SaveFile, error) { return save.Read(r) }

// ReadSaveFS reads and checks the save name in fsys.
func ReadSaveFS(fsys fs.FS, name string) (*SaveFile, error) { return save.ReadFS(fsys, name) }

// Replay reads a save from r and plays it again.
func Replay(r io.Reader, scenarios, maps fs.FS) (*rules.Game, []rules.Event, error) {
	return save.Replay(r, scenarios, maps, Get)
}

// ReplayFile plays a save again.
func ReplayFile(sf *SaveFile, scenarios, maps fs.FS) (*rules.Game, []rules.Event, error) {
	return save.ReplayFile(sf, scenarios, maps, Get)
}

// ReplayEach is ReplayFile calling each after every command.
func ReplayEach(sf *SaveFile, scenarios, maps fs.FS, each func(n int, c rules.Command, evs []rules.Event)) (*rules.Game, []rules.Event, error) {
	return save.ReplayEach(sf, scenarios, maps, Get, each)
}

// Salvage plays a save again up to its first command that no longer
// matches (see save.Salvage).
func Salvage(sf *SaveFile, scenarios, maps fs.FS) (*rules.Game, int, error) {
	return save.Salvage(sf, scenarios, maps, Get)
}

// The computer player.

// Computer is the computer player of one side (ai.Player): it decides
// from that side's view only.
type Computer = ai.Player

// ComputerLevel is how hard the computer plays.
type ComputerLevel = ai.Level

// The computer's levels.
const (
	Normal = ai.Normal
	Hard   = ai.Hard
)

// NewComputer is a computer player of the level, with its own seeded
// random stream.
func NewComputer(level ComputerLevel, seed uint64) *Computer { return ai.New(level, seed) }
