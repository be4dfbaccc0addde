package terrain

import "hedgerow/rules/geom"

// Visibility is how well a firer sees a target.
type Visibility int

const (
	Clear   Visibility = iota // every ray reaches the target's base
	Partial                   // some rays reach it, some are stopped
	Blocked                   // no ray reaches it
)

var visNames = []string{"clear", "partial", "blocked"}

func (v Visibility) String() string {
	if v < 0 || int(v) >= len(visNames) {
		return "unknown"
	}
	return visNames[v]
}

// Crossing is one terrain piece the centre sight line passes through.
type Crossing struct {
	Piece         int     // Piece.ID
	Enter, Exit   geom.Pt // where the centre line enters and leaves it (rounded to grid; for display)
	EnterT, ExitT float64 // 0..1 along the line firer->target, for display/ordering
	Sight         Sight
}

// LOSOptions tune LineOfSight for a rule set.
type LOSOptions struct {
	// IgnoreNearFirer: blocking terrain whose crossing is not nearer the
	// target than the firer does not count (Simple Skirmish Game rule).
	IgnoreNearFirer bool
	// Rays from the eye to points spread over the target's base; 0 means
	// the default (9).
	Rays int
	// FigureHeight, when above 0, judges sight in three dimensions: the
	// firer's helmet is this high above the ground it stands on (a hill
	// raises it), the target is a column from its feet to TargetHeight
	// (FigureHeight when 0), and a piece hides what the line passes below
	// its top (Solid3D). ManHeight is a standing man.
	FigureHeight int64
	TargetHeight int64
	// Stops, when set, is something besides the terrain that stops a ray
	// (a rule set's vehicle hulls): a ray for which it reports true shows
	// nothing of the target, exactly as if terrain had stopped it. Its
	// answers are the caller's, so a query with Stops is never remembered.
	Stops func(geom.Seg) bool
	// WoodsHinderFromHeight: in flat sight (FigureHeight 0), when either
	// end of a ray stands above the table (a hill), woods seen into past
	// their depth no longer stop it; they are still crossed by the centre
	// line, so a rule set can count them as a hindrance (1/35th Scale WWII
	// Skirmish: trees seen from a height hinder). Off, nothing changes.
	WoodsHinderFromHeight bool
}

// LOS is the full answer to "can this firer see that target?".
type LOS struct {
	Vis               Visibility
	Visible           int        // rays that reach the target base unblocked (in 3D: its helmet)
	Whole             int        // rays along which no terrain hides any of the target (in 3D: down to its feet); with IgnoreNearFirer only terrain nearer the target counts
	PartBy            []int      // in 3D: the pieces (IDs, increasing) that hide some of the target on some ray (with IgnoreNearFirer, only those nearer the target)
	Rays              int        // rays cast
	Crossings         []Crossing // pieces crossed by the centre line, in order from the firer
	Hindrances        int        // hindering pieces crossed by the centre line
	BlockerNearTarget bool       // some blocking piece on the centre line is nearer the target than the firer
	Cover             Cover      // cover the target has against this firer
	CoverPiece        int        // Piece.ID giving it, or -1
}

// Template is a blast or area-of-effect shape laid on the table.
type Template struct {
	Kind   string      // "circle", "rect", "cone"
	Circle geom.Circle // circle templates
	From   geom.Pt     // rect/cone axis start
	To     geom.Pt     // rect/cone axis end
	Width  int64       // rect width, cone width at the far end
}

// Touch is one base under a template.
type Touch struct {
	Index    int  // index into the bases slice
	Shielded bool // blocking terrain between the template's origin/centre and the base
}

// PathCost is what a move along a path costs and meets.
type PathCost struct {
	Length    int64
	Difficult int64 // length within difficult going
	Obstacles []int // linear obstacle Piece IDs crossed, in order
	Blocked   int   // Piece.ID of impassable terrain entered, or -1
	BlockedAt geom.Pt
	Doors     []DoorRef // doors passed through (PathCostDoors only), in order
}
