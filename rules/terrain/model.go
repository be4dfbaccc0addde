// Package terrain is the table's terrain model and the exact queries every
// rule set asks of it: line of sight, cover, templates and movement.
//
// It never imports Ebiten. Maps are loaded from TOML through an fs.FS.
package terrain

import (
	"sort"

	"hedgerow/rules/geom"
)

// Sight is a terrain piece's effect on a line of sight crossing it.
type Sight int

const (
	SightNone         Sight = iota // sight passes freely
	SightHinders                   // sight passes but is hindered (crops, hedge gaps, smoke)
	SightBlocks                    // sight stops
	SightBlocksBeyond              // sight passes up to SightDepth inside, then stops (woods)
)

// Cover is the protection a piece gives a figure in or behind it.
type Cover int

const (
	CoverNone Cover = iota
	CoverSoft
	CoverHard
	CoverPrepared
)

// Going is a piece's effect on movement.
type Going int

const (
	GoingNormal     Going = iota
	GoingDifficult        // costs extra (rules decide how much)
	GoingObstacle         // linear obstacle: crossing it costs (rules decide)
	GoingImpassable       // no base may enter
)

var sightNames = []string{"none", "hinders", "blocks", "blocks-beyond"}
var coverNames = []string{"none", "soft", "hard", "prepared"}
var goingNames = []string{"normal", "difficult", "obstacle", "impassable"}

func (s Sight) String() string { return sightNames[s] }
func (c Cover) String() string { return coverNames[c] }
func (g Going) String() string { return goingNames[g] }

// ParseSight, ParseCover and ParseGoing read the names used in map files.
func ParseSight(s string) (Sight, bool) { i := indexOf(sightNames, s); return Sight(i), i >= 0 }
func ParseCover(s string) (Cover, bool) { i := indexOf(coverNames, s); return Cover(i), i >= 0 }
func ParseGoing(s string) (Going, bool) { i := indexOf(goingNames, s); return Going(i), i >= 0 }

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// Props are the rule-relevant properties of a terrain piece. Every kind has
// defaults (Kinds); a map may override any of them per piece.
type Props struct {
	Height     int64 // position units (thousandths of an inch) above the table
	Sight      Sight
	SightDepth int64 // for SightBlocksBeyond: how far into the piece one can see
	Cover      Cover
	Going      Going
	Linear     bool  // a line on the table (hedge, wall, fence) rather than an area
	Width      int64 // drawn and collision width of a linear piece
}

// Kind describes one terrain kind and its default properties.
type Kind struct {
	Name  string
	Label string // plain words for the UI
	Props
}

// Kinds lists every terrain kind in a fixed order. Heights are in position
// units; a standing man is taken as about 1.0" tall at 28mm scale
// (ManHeight). A hedge is lower than a man (0.8"): in three-dimensional
// sight (Simple Skirmish Game) his head and shoulders show over it; bocage
// is the tall hedge.
var Kinds = []Kind{
	{"open", "open ground", Props{}},
	{"road", "road", Props{}},
	{"field", "field of crops", Props{Height: 500, Sight: SightHinders, Cover: CoverSoft}},
	{"rough", "rough ground", Props{Going: GoingDifficult}},
	{"rubble", "rubble", Props{Height: 400, Sight: SightHinders, Cover: CoverHard, Going: GoingDifficult}},
	{"swamp", "swamp", Props{Going: GoingDifficult}},
	{"woods", "woods", Props{Height: 4000, Sight: SightBlocksBeyond, SightDepth: 2000, Cover: CoverSoft, Going: GoingDifficult}},
	{"hedge", "hedge", Props{Height: 800, Sight: SightBlocks, Cover: CoverSoft, Going: GoingObstacle, Linear: true, Width: 400}},
	{"bocage", "bocage", Props{Height: 2500, Sight: SightBlocks, Cover: CoverHard, Going: GoingObstacle, Linear: true, Width: 900}},
	{"low-wall", "low wall", Props{Height: 500, Sight: SightNone, Cover: CoverHard, Going: GoingObstacle, Linear: true, Width: 300}},
	{"high-wall", "high wall", Props{Height: 2000, Sight: SightBlocks, Cover: CoverHard, Going: GoingImpassable, Linear: true, Width: 300}},
	{"fence", "fence", Props{Height: 600, Sight: SightNone, Cover: CoverNone, Going: GoingObstacle, Linear: true, Width: 150}},
	{"building", "building", Props{Height: 3000, Sight: SightBlocks, Cover: CoverHard, Going: GoingImpassable}},
	{"water", "water", Props{Going: GoingImpassable}},
	{"stream", "stream", Props{Going: GoingDifficult}},
	{"trench", "trench or foxhole", Props{Cover: CoverPrepared, Going: GoingDifficult}},
	{"hill", "hill", Props{Height: 3000, Sight: SightBlocks}},
}

// KindByName finds a kind; ok is false for an unknown name.
func KindByName(name string) (Kind, bool) {
	for _, k := range Kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// KindNames lists the kind names, for error messages.
func KindNames() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Name
	}
	return out
}

// Piece is one terrain piece on the table. Area pieces have a closed
// Polygon; linear pieces have an open Path (a polyline) of the given
// Props.Width, and their Polygon is empty.
type Piece struct {
	ID    int    // index in Map.Pieces, stable
	Name  string // optional, from the file
	Kind  string
	Props Props
	Poly  geom.Polygon // area pieces
	Path  []geom.Pt    // linear pieces
	Line  int          // source line in the map file, for messages
	// Optional feature points (doors, windows) on a building's outline.
	Doors   []geom.Pt
	Windows []geom.Pt
	// An optional wall inside a building (a polyline within its outline)
	// and the doors in it. Only rule sets that tell inside doors from
	// outside ones read them (1/35th Skirmish); the plain model and the
	// door-gap model of the outline ignore them.
	InnerWall  []geom.Pt
	InnerDoors []geom.Pt
}

// Bounds is the piece's bounding box (linear pieces grown by half width).
func (p *Piece) Bounds() geom.Rect {
	if len(p.Poly) > 0 {
		return p.Poly.Bounds()
	}
	r := geom.Polygon(p.Path).Bounds()
	h := p.Props.Width / 2
	r.Min.X, r.Min.Y, r.Max.X, r.Max.Y = r.Min.X-h, r.Min.Y-h, r.Max.X+h, r.Max.Y+h
	return r
}

// AreaKind is what a named area on the map is for.
type AreaKind string

const (
	AreaDeployment AreaKind = "deployment"
	AreaHome       AreaKind = "home"
	AreaObjective  AreaKind = "objective"
)

// Area is a named region: a deployment zone, a home base, an objective.
type Area struct {
	Name string
	Kind AreaKind
	Side int // 0 or 1 for deployment and home areas; -1 when for neither
	Poly geom.Polygon
	Line int
}

// Map is a whole table: its size and its terrain.
type Map struct {
	Name   string
	File   string // the name it was loaded from
	Width  int64  // position units
	Height int64
	Pieces []Piece
	Areas  []Area
	// Description is optional free text from the map file.
	Description string
}

// AreaByName finds a named area.
func (m *Map) AreaByName(name string) (*Area, bool) {
	for i := range m.Areas {
		if m.Areas[i].Name == name {
			return &m.Areas[i], true
		}
	}
	return nil, false
}

// SortedAreaNames lists area names in a stable order.
func (m *Map) SortedAreaNames() []string {
	out := make([]string, 0, len(m.Areas))
	for _, a := range m.Areas {
		out = append(out, a.Name)
	}
	sort.Strings(out)
	return out
}
