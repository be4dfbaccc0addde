package save

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/safefile"
	"hedgerow/rules/scenario"
	"hedgerow/rules/terrain"
)

// Saves
//
// A save is a JSON document, written with one entry per line:
//
//	{
//	  "format": 2,
//	  "rule_set": "ssg",
//	  "scenario": "first-clash.toml",      (the name it loaded under)
//	  "scenario_hash": "<64 hex>",         (Scenario.Hash: scenario + map bytes)
//	  "scenario_text": "name = ...",       (the scenario file as played)
//	  "map_text": "name = ...",            (its map file as played)
//	  "seed": 42,
//	  "deploy": ["place F1 12.5,8", ...],  (every figure's starting spot, id order)
//	  "commands": ["move F1 14,9", "end", ...],
//	  "hashes": ["<16 hex>", ...],         (start of State.Hash after each command)
//	  "final_hash": "<64 hex>"             (State.Hash after the last command)
//	}
//
// Commands and placements are in the command notation (notation.go).
// A save is whole: it carries the scenario and map text it was played on,
// so it replays on another machine, from another folder, after the files
// have changed. Format 1 saves (no texts) are still read; their scenario
// is looked up by name and must still match its hash.
//
// The reader is strict: unknown fields, a key given twice and anything
// after the closing brace are refused.
//
// Replay rebuilds the game from the scenario and seed, applies every
// command through Game.Apply and compares the state hashes; the first
// mismatch or refused command is reported as "command N: ...", counting
// commands from 1.

// Format is the save format version written. Format 1 (without the
// scenario and map texts) is read too.
const Format = 2

// MaxBytes bounds a save file read by Replay.
const MaxBytes = 32 << 20

// File is a save's content.
type File struct {
	Format       int      `json:"format"`
	RuleSet      string   `json:"rule_set"`
	Scenario     string   `json:"scenario"`
	ScenarioHash string   `json:"scenario_hash"`
	ScenarioText string   `json:"scenario_text,omitempty"`
	MapText      string   `json:"map_text,omitempty"`
	Seed         uint64   `json:"seed"`
	Deploy       []string `json:"deploy"`
	Commands     []string `json:"commands"`
	Hashes       []string `json:"hashes"`
	FinalHash    string   `json:"final_hash"`
	// Players says who played each side at the table ("player",
	// "computer:normal", "computer:hard", or "remote": the other machine
	// of a battle this table hosted over the network); absent for a
	// hotseat game. No rule, hash or replay reads it.
	Players []string `json:"players,omitempty"`
}

// Of describes the game as a save.
func Of(g *rules.Game) *File {
	sf := &File{
		Format:       Format,
		RuleSet:      g.RS.ID(),
		Scenario:     g.Scenario.File,
		ScenarioHash: g.Scenario.Hash,
		ScenarioText: g.Scenario.Text,
		MapText:      g.Scenario.MapText,
		Seed:         g.Seed,
		Deploy:       []string{},
		Commands:     make([]string, len(g.Log)),
		Hashes:       append([]string{}, g.Hashes...),
		FinalHash:    g.St.Hash(),
		Players:      append([]string(nil), g.Players...),
	}
	id := rules.FigID(1)
	g.Scenario.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		sf.Deploy = append(sf.Deploy, rules.Command{Verb: "place", Fig: id, Path: []geom.Pt{f.Pos}}.String())
		id++
	})
	for i, c := range g.Log {
		sf.Commands[i] = c.String()
	}
	if sf.ScenarioText == "" || sf.MapText == "" {
		// A scenario built in code, not loaded from text: the save can
		// only name it, as format 1 did.
		sf.Format, sf.ScenarioText, sf.MapText = 1, "", ""
	}
	return sf
}

// Write writes the game as a save (see above).
func Write(g *rules.Game, w io.Writer) error {
	b, err := json.MarshalIndent(Of(g), "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// ReadFS reads a save file from fsys: a regular file no larger than
// MaxBytes, checked from its metadata before a byte is read (a named
// pipe or a 300 MB file is refused at once).
func ReadFS(fsys fs.FS, name string) (*File, error) {
	data, err := safefile.Read(fsys, name, MaxBytes)
	if err != nil {
		return nil, err
	}
	return Read(bytes.NewReader(data))
}

// Read decodes a save strictly: unknown fields, a key given twice and
// anything after the save's closing brace are refused.
func Read(r io.Reader) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the save: %v", err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("the save is larger than %d bytes", MaxBytes)
	}
	if err := checkSaveShape(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var sf File
	if err := dec.Decode(&sf); err != nil {
		return nil, fmt.Errorf("this is not a Hedgerow save: %v", err)
	}
	if sf.Format != 1 && sf.Format != Format {
		return nil, fmt.Errorf("the save is in format %d; this version reads formats 1 and %d", sf.Format, Format)
	}
	if err := checkSaveValues(&sf); err != nil {
		return nil, err
	}
	if sf.Format >= 2 && (sf.ScenarioText == "" || sf.MapText == "") {
		return nil, errors.New("the save does not carry its scenario and map (scenario_text and map_text)")
	}
	return &sf, nil
}

// checkSaveShape refuses a save that is not exactly one JSON object with
// each key once: encoding/json would quietly take the last of two keys
// and ignore what follows the object.
func checkSaveShape(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("this is not a Hedgerow save: it does not start with {")
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("this is not a Hedgerow save: %v", err)
		}
		k, _ := t.(string)
		if seen[k] {
			return fmt.Errorf("the save gives %q twice; a save gives each entry once", safefile.Clip(k, 40))
		}
		seen[k] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return fmt.Errorf("this is not a Hedgerow save: %v", err)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return fmt.Errorf("this is not a Hedgerow save: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		at := dec.InputOffset()
		return fmt.Errorf("the save has something after its closing brace (at byte %d); a save is one JSON object", at)
	}
	return nil
}

// Replay rebuilds a saved game: it loads the scenario (from scenarios,
// with maps), checks its hash, replays every command through Apply and
// checks the state hashes. It returns the game and the events from the
// rule set's start onwards, or for a long save the last ReplayTail of them
// at least (ReplayEach shows every one as it goes). A save that diverges or was tampered with
// fails with "command N: ...", N counting from 1.
func Replay(r io.Reader, scenarios fs.FS, maps fs.FS, lookup func(id string) (rules.RuleSet, bool)) (*rules.Game, []rules.Event, error) {
	sf, err := Read(r)
	if err != nil {
		return nil, nil, err
	}
	return ReplayFile(sf, scenarios, maps, lookup)
}

// ReplayFile is Replay on a decoded save.
func ReplayFile(sf *File, scenarios fs.FS, maps fs.FS, lookup func(id string) (rules.RuleSet, bool)) (*rules.Game, []rules.Event, error) {
	return ReplayEach(sf, scenarios, maps, lookup, nil)
}

// ReplayEach is ReplayFile calling each (when not nil) with the events of
// the start (n = 0, an empty command) and of every command n = 1, 2, ...
// as it is replayed, so a log can show which command caused what.
func ReplayEach(sf *File, scenarios fs.FS, maps fs.FS, lookup func(id string) (rules.RuleSet, bool), each func(n int, c rules.Command, evs []rules.Event)) (*rules.Game, []rules.Event, error) {
	return replay(sf, scenarios, maps, lookup, each, true)
}

// ReplayTail is how many of a long replay's last events Replay returns at
// least: its memory does not grow with the length of the save.
const ReplayTail = 4096

// ReplayError is a replay's refusal of a save that starts but stops
// matching at one command: the "command N: ..." of Replay.
type ReplayError struct {
	Command int    // N, counting from 1
	Msg     string // what went wrong, in plain words
}

func (e *ReplayError) Error() string { return fmt.Sprintf("command %d: %s", e.Command, e.Msg) }

// replay is ReplayEach; with final false the save's final hash is not
// checked (Salvage replays a cut save, whose final state the save never
// recorded).
func replay(sf *File, scenarios fs.FS, maps fs.FS, lookup func(id string) (rules.RuleSet, bool), each func(n int, c rules.Command, evs []rules.Event), final bool) (*rules.Game, []rules.Event, error) {
	rs, ok := lookup(sf.RuleSet)
	if !ok {
		return nil, nil, fmt.Errorf("the save is for rule set %q, which this version does not have", sf.RuleSet)
	}
	sc, m, err := saveScenario(sf, scenarios, maps)
	if err != nil {
		return nil, nil, err
	}
	if err := applyDeploy(sc, sf.Deploy); err != nil {
		return nil, nil, err
	}
	if err := rules.FollowCrews(sc, m); err != nil { // a vehicle moved at deployment (deploy_vehicle.go)
		return nil, nil, err
	}
	var bad error
	id := 0
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		id++
		c := geom.Circle{C: f.Pos, R: sc.BaseR}
		if bad == nil && (!rules.BaseOnTable(m, c) || rules.BaseBlocked(m, c, rules.IndoorsFor(sc.RuleSet))) {
			bad = fmt.Errorf("placement %d: figure %q cannot start at %s", id, f.Name, "["+rules.FormatInches(f.Pos.X)+", "+rules.FormatInches(f.Pos.Y)+"]")
		}
	})
	if bad != nil {
		return nil, nil, bad
	}
	g, evs, err := rules.NewGame(rs, sc, m, sf.Seed)
	if err != nil {
		return nil, nil, err
	}
	if each != nil {
		each(0, rules.Command{}, evs)
	}
	if want := len(sf.Commands) / rules.HashEvery; len(sf.Hashes) != want {
		return nil, nil, fmt.Errorf("the save lists %d state hashes for %d commands; it should list %d", len(sf.Hashes), len(sf.Commands), want)
	}
	// No one holds the game's states while it replays: recycle them (as
	// the random player does), so a long save does not copy a new state
	// for every command. The game is handed over without the pool.
	stop := g.Recycle()
	g.Log = make([]rules.Command, 0, len(sf.Commands))
	g.Hashes = make([]string, 0, len(sf.Hashes))
	defer stop()
	for i, line := range sf.Commands {
		n := i + 1
		c, err := rules.ParseCommand(line)
		if err != nil {
			return g, evs, &ReplayError{n, fmt.Sprintf("cannot read %q: %v", safefile.Clip(line, 40), err)}
		}
		more, err := g.Apply(c)
		if err != nil {
			return g, evs, &ReplayError{n, fmt.Sprintf("%q was refused: %v", safefile.Clip(line, 40), err)}
		}
		evs = append(evs, more...)
		if len(evs) > 2*ReplayTail {
			// keep the latest events only, so memory stays bounded
			// however long the save
			n := copy(evs, evs[len(evs)-ReplayTail:])
			clear(evs[n:])
			evs = evs[:n]
		}
		if each != nil {
			each(n, c, more)
		}
		if n%rules.HashEvery == 0 && g.Hashes[n/rules.HashEvery-1] != sf.Hashes[n/rules.HashEvery-1] {
			return g, evs, &ReplayError{n, "the game no longer matches the save (state hash differs)"}
		}
	}
	if final && sf.FinalHash != g.St.Hash() {
		return g, evs, &ReplayError{len(sf.Commands), "the game no longer matches the save (final state hash differs)"}
	}
	return g, evs, nil
}

// saveScenario is the scenario a save was played on: the text it carries
// (format 2), or for a format 1 save the file of that name, which must not
// have changed.
func saveScenario(sf *File, scenarios fs.FS, maps fs.FS) (*rules.Scenario, *terrain.Map, error) {
	name := safefile.Name(sf.Scenario)
	if sf.ScenarioText != "" {
		sc, m, err := scenario.Parse(sf.Scenario, []byte(sf.ScenarioText), func(mapName string) (string, []byte, error) {
			return mapName, []byte(sf.MapText), nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("the scenario %s carried in the save cannot be loaded:\n%v", name, err)
		}
		if sc.Hash != sf.ScenarioHash {
			return nil, nil, fmt.Errorf("the scenario %s carried in the save does not match its hash: the save was edited", name)
		}
		return sc, m, nil
	}
	if scenarios == nil {
		return nil, nil, fmt.Errorf("the save (format 1) does not carry its scenario %s, and no scenarios were given to look for it", name)
	}
	sc, m, err := scenario.Load(scenarios, sf.Scenario, maps)
	if err != nil {
		return nil, nil, fmt.Errorf("the save's scenario %s cannot be loaded:\n%v", name, err)
	}
	if sc.Hash != sf.ScenarioHash {
		return nil, nil, fmt.Errorf("scenario %s or its map has changed since the game was saved", name)
	}
	return sc, m, nil
}

// applyDeploy puts the saved starting positions onto the scenario.
func applyDeploy(sc *rules.Scenario, deploy []string) error {
	var figs []*rules.ScenarioFigure
	sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { figs = append(figs, f) })
	if len(deploy) != len(figs) {
		return fmt.Errorf("the save places %d figures but the scenario has %d", len(deploy), len(figs))
	}
	for i, line := range deploy {
		c, err := rules.ParseCommand(line)
		if err != nil || c.Verb != "place" || int(c.Fig) != i+1 || len(c.Path) != 1 || c.Unit != 0 || len(c.Targets) != 0 || c.Arg != "" {
			return fmt.Errorf("placement %d: expected \"place F%d X,Y\", found %q", i+1, i+1, safefile.Clip(line, 40))
		}
		figs[i].Pos, figs[i].HasPos = c.Path[0], true
	}
	return nil
}

// errSaveIO wraps file errors in plain words.
func errSaveIO(what string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot %s: %v", what, strings.TrimSpace(err.Error()))
}
