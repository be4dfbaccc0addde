package rules

import (
	"strconv"
	"strings"

	"hedgerow/rules/terrain"
)

// The hooks for the ground: how doors stand and what a terrain piece does
// under the rule set (its card). See present.go for the list of hooks.

// ---- doors ----

// Door looks.
const (
	DoorShut   = 0
	DoorOpen   = 1
	DoorBroken = 2
)

// DoorStater is an optional RuleSet hook: how a door stands now (a Door*
// value). Without it every door is shut.
type DoorStater interface {
	DoorState(s *State, d terrain.DoorRef) int
}

// DoorStateOf is how door d stands under rs.
func DoorStateOf(rs RuleSet, s *State, d terrain.DoorRef) int {
	if ds, ok := rs.(DoorStater); ok {
		return ds.DoorState(s, d)
	}
	return DoorShut
}

// ---- terrain ----

// TerrainCarder is an optional RuleSet hook: what a terrain piece does
// under this rule set, in plain words, for the card shown when the pointer
// rests on it. Without it TerrainLines describes the map's own properties.
type TerrainCarder interface {
	TerrainLines(s *State, piece int) []string
}

// TerrainOf is what piece does under rs.
// A piece the scenario made bad going (bad_going) says so last.
func TerrainOf(rs RuleSet, s *State, piece int) []string {
	var out []string
	if tc, ok := rs.(TerrainCarder); ok {
		out = tc.TerrainLines(s, piece)
	} else {
		out = terrainLines(s.Map, piece, ScaleOf(rs), buildingGoing(rs, s, piece))
	}
	if s.Map != nil && piece >= 0 && piece < len(s.Map.Pieces) && s.Var(VarBadGoing+strconv.Itoa(s.Map.Pieces[piece].ID)) == 1 {
		out = append(out, "Bad going for vehicles, as the scenario says: no faster than over rough ground")
	}
	return out
}

// BuildingGoer is an optional RuleSet hook for a rule set with Indoors:
// the terrain card's going lines, in the rule set's own words, for a
// building its figures may enter (an impassable area piece with doors).
// Without it the card says such a building is entered by its doors.
type BuildingGoer interface {
	BuildingGoing(s *State, piece int) []string
}

// buildingGoing is the going lines for piece when rs lets figures go
// into it by its doors, else nil (the map's own going stands).
func buildingGoing(rs RuleSet, s *State, piece int) []string {
	in, ok := rs.(Indoors)
	if !ok || !in.Indoors() || s.Terrain == nil || !s.Terrain.Enterable(piece) {
		return nil
	}
	if bg, ok := rs.(BuildingGoer); ok {
		if lines := bg.BuildingGoing(s, piece); len(lines) > 0 {
			return lines
		}
	}
	return []string{"Going: only by its doors (the walls are impassable)"}
}

// TerrainLines describes a piece's cover, sight, going and height from
// the map's properties.
func TerrainLines(m *terrain.Map, piece int, sc Scale) []string {
	return terrainLines(m, piece, sc, nil)
}

// terrainLines is TerrainLines with going, when not empty, in place of
// the line the map's going would give.
func terrainLines(m *terrain.Map, piece int, sc Scale, going []string) []string {
	if m == nil || piece < 0 || piece >= len(m.Pieces) {
		return nil
	}
	pr := m.Pieces[piece].Props
	var out []string
	switch pr.Cover {
	case terrain.CoverSoft:
		out = append(out, "Cover: soft (it hides, it does not stop bullets)")
	case terrain.CoverHard:
		out = append(out, "Cover: hard")
	case terrain.CoverPrepared:
		out = append(out, "Cover: a prepared position")
	default:
		out = append(out, "Cover: none")
	}
	switch pr.Sight {
	case terrain.SightBlocks:
		out = append(out, "Sight: blocked")
	case terrain.SightHinders:
		out = append(out, "Sight: hindered (a partial view)")
	case terrain.SightBlocksBeyond:
		out = append(out, "Sight: "+sc.Format(pr.SightDepth)+" in, no further")
	default:
		out = append(out, "Sight: clear")
	}
	switch {
	case len(going) > 0:
		out = append(out, going...)
	case pr.Going == terrain.GoingDifficult:
		out = append(out, "Going: difficult (slow)")
	case pr.Going == terrain.GoingObstacle:
		out = append(out, "Going: an obstacle to cross")
	case pr.Going == terrain.GoingImpassable:
		out = append(out, "Going: impassable")
	default:
		out = append(out, "Going: open")
	}
	if pr.Height > 0 {
		out = append(out, "Height: "+sc.Format(pr.Height))
	}
	return out
}

// peoples are the adjectives a side may be named by that take no "'s".
var peoples = map[string]bool{}

func init() {
	for _, p := range strings.Fields("british english scottish irish welsh french dutch danish polish finnish spanish swedish turkish flemish japanese chinese vietnamese portuguese burmese lebanese maltese nepalese siamese sudanese congolese senegalese javanese swiss") {
		peoples[p] = true
	}
}

// Possessive is a name's possessive in plain English: "Germans'",
// "Krause's" (a side or a figure: "it is the Germans' turn"), "Sherman
// 'Dixie's" (a nickname's closing quote serves, never with a second quote). A
// side named by a people's adjective stands as it is: "British turn",
// never "British's" (a play-tester read it), and so "French", "Dutch",
// "Japanese", "Chinese"; a man of that ending is not one ("Schtz
// Koch's", "LCpl Birch's").
func Possessive(name string) string {
	words := strings.Fields(strings.ToLower(name))
	if len(words) > 0 && peoples[words[len(words)-1]] {
		return name
	}
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	if strings.HasSuffix(name, "'") {
		// a nickname in quotes: its closing quote serves ("Huey 'Lucky
		// Lady's", not "Lady''s")
		return name + "s"
	}
	return name + "'s"
}

// Does is a name and its verb in agreement (Agree): Does("Germans",
// "goes", "go") is "Germans go", Does("Blue", "goes", "go") is "Blue
// goes".
func Does(name, one, many string) string { return name + " " + Agree(name, one, many) }

// The is a named place with its article for a sentence: "the Inn" of
// "Inn", "the mill" of "The mill" (a name already with its article keeps
// it, in lower case mid-sentence).
func The(name string) string {
	if l := strings.ToLower(name); strings.HasPrefix(l, "the ") {
		return "the " + name[4:]
	}
	return "the " + name
}
