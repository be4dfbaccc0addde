package scenario

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/rules/safefile"
	"hedgerow/rules/terrain"
	"hedgerow/rules/tomlpos"
)

// Scenario files
//
// A scenario is a TOML file:
//
//	name = "Hedgerow ambush"          # required
//	briefing = """Plain words..."""   # optional
//	rule_set = "ssg"                  # required: a rule set id
//	map = "orchard.toml"              # required: a shipped map, or a path
//	                                  # relative to the scenario file
//	turn_limit = 8                    # optional, 0 = none
//	seed = 42                         # optional: fixes the dice
//	base = 1.0                        # optional base diameter, inches (default 1)
//	random_quality = true             # optional: roll each team's quality at the start
//	random_leaders = true             # optional: roll each leader's quality at the start
//	locked_doors = [[15, 16.5]]       # optional: map doors (their points) locked
//	                                  # at the start (1/35th Skirmish)
//	hit_locations = true              # optional: the vehicle hit location chart
//	                                  # (only a rule set that has one: S.M.L.E.)
//	bad_going = ["swamp", "Long Meadow"] # optional: terrain kinds or named map
//	                                  # pieces that are bad going for vehicles
//	                                  # (only a rule set that rules on it: S.M.L.E.)
//
//	[victory]
//	losses = 4                        # a side losing this many figures loses
//
//	[[side]]                          # exactly two
//	name = "British"
//	colour = "#8b4513"
//	hidden = true                     # optional: the side sets up hidden (S.M.L.E.)
//	traps = [[20, 14], [31.5, 9]]     # optional: booby traps it has set (S.M.L.E.)
//	deployment = "south"              # optional: a map area; default the
//	                                  # side's own deployment or home area
//	  [[side.unit]]
//	  name = "1 Section"              # unique on its side
//	  quality = "trained"             # rule set's words
//	  motivation = "steady"
//	  rating = 3
//	  parent = "Platoon HQ"           # a unit listed earlier on the side
//	  placed = true                   # optional: the scenario places the
//	                                  # unit's figures (each needs a pos),
//	                                  # in or out of the side's zone
//	    [[side.unit.figure]]
//	    name = "Cpl Jones"
//	    weapons = ["rifle"]
//	    leader = true
//	    rating = 0
//	    pos = [12.5, 8]               # inches; optional (deployed otherwise);
//	                                  # inside the side's set-up zone unless
//	                                  # placed (hedgerow check refuses it)
//	    placed = true                 # optional: this figure alone is placed
//	    posture = "standing"          # standing, crouching or prone
//	    facing = 0                    # degrees clockwise from up the table
//	    [[side.unit.vehicle]]         # optional: see scenario_vehicle.go
//
// Loading is strict: every problem is reported at its line and column in
// plain words, with a suggestion for a misspelt key.

// Limits on a scenario file.
const (
	MaxBytes       = 1 << 20
	MaxFigures     = 400
	MaxUnits       = 200
	MaxNameLen     = terrain.MaxNameChars        // characters, not bytes
	MaxBriefingLen = terrain.MaxDescriptionChars // characters
	MaxTurnLimit   = 1000
	MaxMapPathLen  = 200 // characters in map = "..."
	// Caps on lists a scenario may hold.
	MaxTraps       = 100 // booby traps per side
	MaxLockedDoors = 200
	MaxBadGoing    = 100 // bad_going entries
	MaxWeapons     = 10  // weapons per figure
)

// KnownRuleSets, when set (rules/all sets it), lists the rule set ids a
// scenario may name. When nil the five designed ids are accepted.
var KnownRuleSets func() []string

var designedRuleSets = []string{"firefight", "maxim", "skirmish35", "smle", "ssg"}

func ruleSetIDs() []string {
	if KnownRuleSets != nil {
		return KnownRuleSets()
	}
	return designedRuleSets
}

var (
	scTopKeys     = []string{"name", "briefing", "rule_set", "map", "turn_limit", "seed", "base", "side", "victory", "random_quality", "random_leaders", "locked_doors", "hit_locations", "bad_going"}
	scSideKeys    = []string{"name", "colour", "deployment", "unit", "hidden", "traps"}
	scUnitKeys    = []string{"name", "quality", "motivation", "rating", "parent", "armour", "mount", "placed", "figure", "vehicle"}
	scFigureKeys  = []string{"name", "weapons", "leader", "rating", "pos", "placed", "posture", "facing"}
	scVictoryKeys = []string{"losses"}
)

// Load reads and checks a scenario file from fsys, and the map it
// names (see MapFinder for where a map may live). Problems come back as a
// *terrain.LoadError.
func Load(fsys fs.FS, name string, maps fs.FS) (*rules.Scenario, *terrain.Map, error) {
	data, err := readLimited(fsys, name, MaxBytes)
	if err != nil {
		return nil, nil, &terrain.LoadError{Problems: []terrain.Problem{{File: name, Msg: err.Error()}}}
	}
	return Parse(name, data, MapFinder(fsys, name, maps))
}

// MapFinder is the one rule for where a scenario's map may live, the same
// for hedgerow check, odds, replay and the game: map = "NAME" is a shipped
// map of that name (from maps), or else a file at that path relative to
// the scenario's own folder (scenarioName in fsys). The path uses "/"
// between folders and may go down into folders but never up: no "..", no
// leading "/", no drive letter. The finder returns the name to report, as
// a path in fsys, and the file's bytes.
func MapFinder(fsys fs.FS, scenarioName string, maps fs.FS) func(string) (string, []byte, error) {
	return func(mapName string) (string, []byte, error) {
		if err := CheckMapName(mapName); err != nil {
			return mapName, nil, err
		}
		mapName = strings.TrimPrefix(mapName, "./")
		if maps != nil {
			if b, err := readLimited(maps, mapName, terrain.MaxFileBytes); err == nil {
				return mapName, b, nil
			} else if !errors.Is(err, fs.ErrNotExist) {
				return mapName, nil, err
			}
		}
		rel := path.Join(path.Dir(scenarioName), mapName)
		if fsys != nil && fs.ValidPath(rel) {
			if err := linkLeaves(fsys, path.Dir(scenarioName), rel); err != nil {
				return rel, nil, err
			}
			if b, err := readLimited(fsys, rel, terrain.MaxFileBytes); err == nil {
				return rel, b, nil
			} else if !errors.Is(err, fs.ErrNotExist) {
				return rel, nil, err
			}
		}
		return mapName, nil, fmt.Errorf("there is no map %q (neither a shipped map nor a file in the scenario's folder)", mapName)
	}
}

// CheckMapName refuses a map name that could reach outside the scenario's
// folder (see MapFinder).
func CheckMapName(name string) error {
	n := strings.TrimPrefix(name, "./")
	if strings.ContainsRune(n, '\\') || !fs.ValidPath(n) || n == "." || strings.Contains(n, ":") {
		return errors.New("a map must be a shipped map's name or a file in the scenario's folder or a folder inside it, written with / and without \"..\"")
	}
	return nil
}

// readLimited reads a regular file of at most max bytes (see package
// safefile: a named pipe, device or folder is refused before it is opened).
func readLimited(fsys fs.FS, name string, max int) ([]byte, error) {
	return safefile.Read(fsys, name, int64(max))
}

// Parse checks a scenario's text. mapFile fetches the map it names
// (returning the name to report and the bytes); with a nil mapFile the
// map is not loaded or checked and the returned map is nil.
func Parse(name string, data []byte, mapFile func(string) (string, []byte, error)) (*rules.Scenario, *terrain.Map, error) {
	ld := &scLoader{file: name}
	if len(data) > MaxBytes {
		ld.add(keyPos{}, "the file is %d bytes; a scenario may be at most %d bytes", len(data), MaxBytes)
		return nil, nil, ld.err()
	}
	src := string(data)
	// Bound the file's shape before the TOML library sees it (see
	// package tomlpos): its time and memory grow worse than linearly with
	// nesting and dotted keys.
	ix, err := tomlpos.Scan(src, tomlpos.Default)
	if err != nil {
		var le *tomlpos.LimitError
		if errors.As(err, &le) {
			ld.add(keyPos{le.Line, le.Col}, "%s", le.Msg)
		} else {
			ld.add(keyPos{}, "%v", err)
		}
		return nil, nil, ld.err()
	}
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			ld.add(keyPos{pe.Position.Line, pe.Position.Col}, "TOML syntax error: %s", pe.Message)
		} else {
			ld.add(keyPos{}, "TOML syntax error: %v", err)
		}
		return nil, nil, ld.err()
	}
	ld.pos = keyPositions{ix}
	sc := &rules.Scenario{File: name}
	ld.top(raw, sc)
	ld.boardVehicles(sc) // vehicle.go
	ld.placedNeedPos(sc) // zone.go
	var m *terrain.Map
	var mapBytes []byte
	if sc.Map != "" && mapFile != nil {
		mapName, b, err := mapFile(sc.Map)
		if err != nil {
			ld.at("map", "map %q: %v", sc.Map, err)
		} else if mm, err := terrain.Parse(mapName, b); err != nil {
			var le *terrain.LoadError
			ld.at("map", "map %q has problems (listed below)", sc.Map)
			if errors.As(err, &le) {
				ld.extra = append(ld.extra, le.Problems...)
			} else {
				ld.extra = append(ld.extra, terrain.Problem{File: mapName, Msg: err.Error()})
			}
		} else {
			m, mapBytes = mm, b
		}
	}
	if m != nil {
		ld.placement(sc, m)
		ld.lockedDoors(sc, m)
		ld.badGoing(sc, m)
	}
	if len(ld.probs) > 0 || len(ld.extra) > 0 {
		return nil, nil, ld.err()
	}
	sc.ZoneProblems = ld.zoneProbs
	h := sha256.New()
	h.Write(data)
	h.Write(mapBytes)
	sc.Hash = hex.EncodeToString(h.Sum(nil))
	sc.Text, sc.MapText = src, string(mapBytes)
	return sc, m, nil
}

type scLoader struct {
	file  string
	pos   keyPositions
	probs []terrain.Problem
	extra []terrain.Problem // the map's own problems, listed after ours
	// where each figure was written, in id order, for placement problems
	figPaths []string
	sidePath [2]string
	vocab    *rules.Vocabulary // the rule set's words, when it declares them
	veh      vehLoad           // vehicles read so far (vehicle.go)
	// zoneProbs are figures starting outside their side's set-up zone
	// (zone.go): the scenario loads, the players mend them at
	// deployment, and hedgerow check refuses them.
	zoneProbs []terrain.Problem
}

// word checks a rule set word (a weapon, quality or motivation) against
// the rule set's vocabulary, when it has one. A rule set that lists no
// words of a kind has no rule for it, so any such word is refused: it
// would be silently ignored in play.
func (ld *scLoader) word(path, what, s string, list []string) {
	if ld.vocab == nil || s == "" || contains(list, s) {
		return
	}
	if len(list) == 0 {
		ld.at(path, "%s %q: this rule set has no rule for %s; remove it", what, s, what)
		return
	}
	msg := fmt.Sprintf("unknown %s %q: this rule set knows %s", what, s, strings.Join(list, ", "))
	if near, ok := terrain.Nearest(s, list); ok {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	ld.at(path, "%s", msg)
}

// option refuses, at path, a scenario key that switches on an optional
// rule (what, in plain words) the rule set has no rule for.
func (ld *scLoader) option(path, opt, what string) {
	if ld.vocab != nil && !contains(ld.vocab.Options, opt) {
		ld.at(path, "%s: this rule set has no rule for %s; remove it", opt, what)
	}
}

func (ld *scLoader) add(p keyPos, format string, args ...any) {
	ld.probs = append(ld.probs, terrain.Problem{File: ld.file, Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)})
}

func (ld *scLoader) at(path, format string, args ...any) { ld.add(ld.pos.find(path), format, args...) }

func (ld *scLoader) err() error {
	sort.SliceStable(ld.probs, func(i, j int) bool {
		a, b := ld.probs[i], ld.probs[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return &terrain.LoadError{Problems: append(ld.probs, ld.extra...)}
}

func (ld *scLoader) checkKeys(t map[string]any, valid []string, path, where string) {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if contains(valid, k) {
			continue
		}
		kp := k
		if path != "" {
			kp = path + "." + k
		}
		msg := fmt.Sprintf("unknown key %q in %s", k, where)
		if s, ok := terrain.Nearest(k, valid); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else {
			msg += "; valid keys are " + strings.Join(valid, ", ")
		}
		ld.at(kp, "%s", msg)
	}
}

func (ld *scLoader) str(t map[string]any, path, key string, required bool, max int) string {
	v, ok := t[key]
	kp := join(path, key)
	if !ok {
		if required {
			ld.at(path, "%s is missing %s = \"...\"", where(path), key)
		}
		return ""
	}
	s, ok := v.(string)
	if !ok {
		ld.at(kp, "%s must be text in quotes, not %s", key, kindOf(v))
		return ""
	}
	if required && strings.TrimSpace(s) == "" {
		ld.at(kp, "%s must not be empty", key)
	}
	if msg := terrain.TextProblem(key, s, max, key == "briefing"); msg != "" {
		ld.at(kp, "%s", msg)
		return ""
	}
	return s
}

func (ld *scLoader) integer(t map[string]any, path, key string, lo, hi int64) (int64, bool) {
	v, ok := t[key]
	if !ok {
		return 0, false
	}
	n, ok := v.(int64)
	if !ok {
		ld.at(join(path, key), "%s must be a whole number, not %s", key, kindOf(v))
		return 0, false
	}
	if n < lo || n > hi {
		ld.at(join(path, key), "%s must be between %d and %d, not %d", key, lo, hi, n)
		return 0, false
	}
	return n, true
}

func (ld *scLoader) tables(t map[string]any, path, key string) []map[string]any {
	v, ok := t[key]
	if !ok {
		return nil
	}
	switch x := v.(type) {
	case []map[string]any:
		return x
	case []any:
		var out []map[string]any
		for _, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				ld.at(join(path, key), "%s must be a list of tables ([[%s]]), not a list of %s", key, key, kindOf(e))
				return nil
			}
			out = append(out, m)
		}
		return out
	}
	ld.at(join(path, key), "%s must be written as [[%s]] tables, not %s", key, key, kindOf(v))
	return nil
}

func (ld *scLoader) top(raw map[string]any, sc *rules.Scenario) {
	ld.checkKeys(raw, scTopKeys, "", "the top level of the scenario")
	if _, ok := raw["name"]; !ok {
		ld.add(keyPos{1, 1}, "the scenario has no name (add name = \"...\" at the top)")
	} else {
		sc.Name = ld.str(raw, "", "name", true, MaxNameLen)
	}
	sc.Briefing = ld.str(raw, "", "briefing", false, MaxBriefingLen)
	if _, ok := raw["rule_set"]; !ok {
		ld.add(keyPos{1, 1}, "the scenario names no rule set (add rule_set = \"ssg\", say)")
	} else if id := ld.str(raw, "", "rule_set", true, MaxNameLen); id != "" {
		ids := ruleSetIDs()
		if !contains(ids, id) {
			msg := fmt.Sprintf("unknown rule set %q", id)
			if s, ok := terrain.Nearest(id, ids); ok {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else {
				msg += "; known rule sets are " + strings.Join(ids, ", ")
			}
			ld.at("rule_set", "%s", msg)
		} else {
			sc.RuleSet = id
			if rules.LookupRuleSet != nil {
				if rs, ok := rules.LookupRuleSet(id); ok {
					if v, ok := rs.(rules.Vocabularied); ok {
						voc := v.Vocabulary()
						ld.vocab = &voc
					}
				}
			}
		}
	}
	if _, ok := raw["map"]; !ok {
		ld.add(keyPos{1, 1}, "the scenario names no map (add map = \"...\")")
	} else {
		sc.Map = ld.str(raw, "", "map", true, MaxMapPathLen)
	}
	if n, ok := ld.integer(raw, "", "turn_limit", 0, MaxTurnLimit); ok {
		sc.TurnLimit = int(n)
	}
	if n, ok := ld.integer(raw, "", "seed", 0, math.MaxInt64); ok {
		sc.Seed, sc.HasSeed = uint64(n), true
	}
	if v, ok := raw["locked_doors"]; ok {
		l, isList := v.([]any)
		if !isList {
			ld.at("locked_doors", "locked_doors is a list of door points, [[x, y], ...], not %s", describeVal(v))
		}
		if len(l) > 0 {
			ld.option(rules.OptLockedDoors, rules.OptLockedDoors, "locked doors")
		}
		if len(l) > MaxLockedDoors {
			ld.at("locked_doors", "locked_doors lists %d doors; at most %d are allowed", len(l), MaxLockedDoors)
			l = nil
		}
		for _, e := range l {
			p, msg := readPos(e)
			if msg != "" {
				ld.at("locked_doors", "each locked door is [x, y] in inches%s", msg)
				break
			}
			sc.LockedDoors = append(sc.LockedDoors, p)
		}
	}
	sc.RandomQuality = ld.boolean(raw, "", "random_quality")
	sc.RandomLeaders = ld.boolean(raw, "", "random_leaders")
	sc.HitLocations = ld.boolean(raw, "", "hit_locations")
	if sc.HitLocations && ld.vocab != nil && !contains(ld.vocab.Options, "hit_locations") {
		ld.at("hit_locations", "hit_locations: this rule set has no hit location chart for vehicles (S.M.L.E. has)")
	}
	if v, ok := raw[rules.OptBadGoing]; ok {
		l, isList := v.([]any)
		if !isList {
			ld.at(rules.OptBadGoing, "bad_going is a list of terrain kinds or map piece names, [\"swamp\", ...], not %s", describeVal(v))
		}
		for _, e := range l {
			w, isStr := e.(string)
			if !isStr || w == "" {
				ld.at(rules.OptBadGoing, "each bad_going entry is a terrain kind or a map piece's name (a string), not %s", describeVal(e))
				break
			}
			if msg := terrain.TextProblem("each bad_going entry", w, MaxNameLen, false); msg != "" {
				ld.at(rules.OptBadGoing, "%s", msg)
				break
			}
			if len(sc.BadGoing) == MaxBadGoing {
				ld.at(rules.OptBadGoing, "bad_going lists %d entries; at most %d are allowed", len(l), MaxBadGoing)
				break
			}
			sc.BadGoing = append(sc.BadGoing, w)
		}
		if len(sc.BadGoing) > 0 && ld.vocab != nil && !contains(ld.vocab.Options, rules.OptBadGoing) {
			ld.at(rules.OptBadGoing, "bad_going: this rule set has no rule for bad going (S.M.L.E. has)")
		}
	}
	sc.BaseR = rules.DefaultBaseR
	if v, ok := raw["base"]; ok {
		d, ok := num(v)
		if !ok || d < 0.25 || d > 6 {
			ld.at("base", "base is the base diameter in inches, a number from 0.25 to 6, not %s", describeVal(v))
		} else {
			sc.BaseR = geom.In(d) / 2
		}
	}
	if v, ok := raw["victory"]; ok {
		vt, ok := v.(map[string]any)
		if !ok {
			ld.at("victory", "victory must be a [victory] table, not %s", kindOf(v))
		} else {
			ld.checkKeys(vt, scVictoryKeys, "victory", "[victory]")
			if n, ok := ld.integer(vt, "victory", "losses", 0, MaxFigures); ok {
				sc.Victory.Losses = int(n)
			}
		}
	}
	sides := ld.tables(raw, "", "side")
	if _, ok := raw["side"]; ok && sides != nil && len(sides) != 2 {
		at := "side#1"
		if len(sides) > 2 {
			at = "side#3"
		}
		ld.at(at, "a scenario has exactly two [[side]] tables, not %d", len(sides))
	} else if !ok {
		ld.add(keyPos{1, 1}, "the scenario has no [[side]] tables (it needs two)")
	}
	nUnits, nFigs := 0, 0
	for i, st := range sides {
		if i >= 2 {
			break
		}
		sp := fmt.Sprintf("side#%d", i+1)
		ld.sidePath[i] = sp
		sd := &sc.Sides[i]
		ld.checkKeys(st, scSideKeys, sp, fmt.Sprintf("side %d", i+1))
		sd.Name = ld.str(st, sp, "name", true, MaxNameLen)
		if i == 1 && sd.Name != "" && sd.Name == sc.Sides[0].Name {
			ld.at(join(sp, "name"), "both sides are called %q; give each side its own name", sd.Name)
		}
		sd.Colour = ld.str(st, sp, "colour", false, 7)
		if sd.Colour != "" && !isColour(sd.Colour) {
			ld.at(join(sp, "colour"), "colour must be written #rrggbb (six hex digits), not %q", sd.Colour)
		}
		sd.Deploy = ld.str(st, sp, "deployment", false, MaxNameLen)
		sd.Hidden = ld.boolean(st, sp, "hidden")
		if sd.Hidden {
			ld.option(join(sp, rules.OptHidden), rules.OptHidden, "setting up hidden")
		}
		sd.Traps = ld.points(st, sp, "traps")
		if len(sd.Traps) > 0 {
			ld.option(join(sp, rules.OptTraps), rules.OptTraps, "booby traps")
		}
		if len(sd.Traps) > MaxTraps {
			ld.at(join(sp, "traps"), "traps lists %d traps; at most %d are allowed on a side", len(sd.Traps), MaxTraps)
			sd.Traps = nil
		}
		units := ld.tables(st, sp, "unit")
		if len(units) == 0 {
			ld.at(sp, "side %d has no [[side.unit]] tables", i+1)
		}
		seen := map[string]bool{}
		for j, ut := range units {
			nUnits++
			if nUnits > MaxUnits {
				ld.at(sp, "too many units: at most %d are allowed", MaxUnits)
				return
			}
			up := fmt.Sprintf("%s.unit#%d", sp, nUnitsOn(sides[:i], j))
			u := rules.ScenarioUnit{}
			ld.checkKeys(ut, scUnitKeys, up, "a unit")
			u.Name = ld.str(ut, up, "name", true, MaxNameLen)
			if u.Name != "" && seen[u.Name] {
				ld.at(join(up, "name"), "side %d already has a unit called %q", i+1, u.Name)
			}
			u.Quality = ld.str(ut, up, "quality", false, MaxNameLen)
			u.Motive = ld.str(ut, up, "motivation", false, MaxNameLen)
			if ld.vocab != nil {
				ld.word(join(up, "quality"), "troop quality", u.Quality, ld.vocab.Qualities)
				ld.word(join(up, "motivation"), "motivation", u.Motive, ld.vocab.Motivations)
			}
			u.Armour = ld.str(ut, up, "armour", false, MaxNameLen)
			u.Mount = ld.str(ut, up, "mount", false, MaxNameLen)
			if ld.vocab != nil {
				ld.word(join(up, "armour"), "armour", u.Armour, ld.vocab.Armours)
				ld.word(join(up, "mount"), "mount", u.Mount, ld.vocab.Mounts)
			}
			if n, ok := ld.integer(ut, up, "rating", -100, 100); ok {
				u.Rating = int(n)
			}
			u.Parent = ld.str(ut, up, "parent", false, MaxNameLen)
			if u.Parent != "" && !seen[u.Parent] {
				ld.at(join(up, "parent"), "parent %q must be a unit listed earlier on the same side", u.Parent)
			}
			seen[u.Name] = true
			figs := ld.tables(ut, up, "figure")
			if len(figs) == 0 {
				ld.at(up, "unit %q has no [[side.unit.figure]] tables", u.Name)
			}
			for k, ft := range figs {
				nFigs++
				if nFigs > MaxFigures {
					ld.at(up, "too many figures: at most %d are allowed", MaxFigures)
					return
				}
				fp := fmt.Sprintf("%s.figure#%d", up, nFigsBefore(sides, i, j)+k+1)
				u.Figures = append(u.Figures, ld.figure(ft, fp))
				ld.figPaths = append(ld.figPaths, fp)
			}
			if ld.boolean(ut, up, "placed") {
				for k := range u.Figures {
					u.Figures[k].Placed = true
				}
			}
			u.Vehicles = ld.vehicles(sc, ut, up, i, j) // vehicle.go
			sd.Units = append(sd.Units, u)
		}
	}
}
