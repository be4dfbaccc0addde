package terrain

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"hedgerow/rules/geom"
	"hedgerow/rules/safefile"
	"hedgerow/rules/tomlpos"
)

// Limits on what a map file may hold. They keep a broken or hostile file
// from eating the machine; real tables are far inside them.
const (
	MaxFileBytes     = 1 << 20 // 1 MiB
	MaxPieces        = 2000    // terrain pieces plus areas
	MaxPiecePoints   = 500
	MaxTotalPoints   = 100000
	MinTableInches   = 6
	MaxTableInches   = 240
	maxFeaturePoints = 200 // doors or windows on one building
)

// Problem is one thing wrong with a map file, at a place in it. Line and
// Col are 1-based; 0 means unknown.
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

func (p Problem) String() string {
	file := safefile.Name(p.File)
	switch {
	case p.Line > 0 && p.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", file, p.Line, p.Col, p.Msg)
	case p.Line > 0:
		return fmt.Sprintf("%s:%d: %s", file, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", file, p.Msg)
}

// LoadError lists every problem found in a map file, in file order.
type LoadError struct {
	Problems []Problem
}

// Error prints one "file:line:col: message" per problem, one per line.
func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Load reads and checks a map file from fsys.
func Load(fsys fs.FS, name string) (*Map, error) {
	data, err := safefile.Read(fsys, name, MaxFileBytes)
	if err != nil {
		return nil, &LoadError{[]Problem{{File: name, Msg: err.Error()}}}
	}
	return Parse(name, data)
}

// Parse checks a map file's text and builds the Map. name is used in
// messages and stored as Map.File. On failure the error is a *LoadError
// listing every problem found.
func Parse(name string, data []byte) (*Map, error) {
	ld := &loader{file: name}
	if len(data) > MaxFileBytes {
		ld.add(srcPos{}, "the file is %d bytes; a map file may be at most %d bytes (1 MiB)", len(data), MaxFileBytes)
		return nil, ld.err()
	}
	src := string(data)
	// Bound the file's shape before the TOML library sees it: it takes
	// time and memory worse than linear in nesting and dotted keys.
	ix, err := tomlpos.Scan(src, tomlpos.Default)
	if err != nil {
		var le *tomlpos.LimitError
		if errors.As(err, &le) {
			ld.add(srcPos{le.Line, le.Col}, "%s", le.Msg)
		} else {
			ld.add(srcPos{}, "%v", err)
		}
		return nil, ld.err()
	}
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			msg := pe.Message
			if msg == "" {
				msg = "TOML syntax error"
			}
			ld.add(srcPos{pe.Position.Line, pe.Position.Col}, "TOML syntax error: %s", msg)
		} else {
			ld.add(srcPos{}, "TOML syntax error: %s", err.Error())
		}
		return nil, ld.err()
	}
	ld.pos = posIndex{ix}
	m := ld.build(raw)
	if len(ld.probs) > 0 {
		return nil, ld.err()
	}
	m.File = name
	return m, nil
}

type loader struct {
	file        string
	pos         posIndex
	probs       []Problem
	w, h        int64 // table size in position units, 0 when unknown
	wIn, hIn    float64
	totalPoints int
	tooMany     bool // the point budget ran out; stop reading points
}

func (ld *loader) add(p srcPos, format string, args ...any) {
	ld.probs = append(ld.probs, Problem{File: ld.file, Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)})
}

// at reports a problem at the position recorded for path.
func (ld *loader) at(path, format string, args ...any) {
	ld.add(ld.pos.find(path), format, args...)
}

func (ld *loader) err() error {
	sort.SliceStable(ld.probs, func(i, j int) bool {
		a, b := ld.probs[i], ld.probs[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return &LoadError{Problems: ld.probs}
}

// The keys each table may hold.
var (
	topKeys     = []string{"name", "description", "table", "terrain", "area"}
	tableKeys   = []string{"width", "height"}
	terrainKeys = []string{"kind", "name", "points", "rect", "circle", "height", "sight", "sight_depth", "cover", "going", "width", "doors", "windows", "inner_wall", "inner_doors"}
	areaKeys    = []string{"name", "kind", "side", "points", "rect", "circle"}
	areaKinds   = []string{string(AreaDeployment), string(AreaHome), string(AreaObjective)}
)

// checkKeys reports keys of t not in valid, suggesting the nearest valid one.
func (ld *loader) checkKeys(t map[string]any, valid []string, path, where string) {
	for _, k := range sortedKeys(t) {
		if indexOf(valid, k) >= 0 {
			continue
		}
		kp := k
		if path != "" {
			kp = path + "." + k
		}
		msg := fmt.Sprintf("unknown key %q in %s", k, where)
		if s, ok := Nearest(k, valid); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else {
			msg += "; valid keys are " + strings.Join(valid, ", ")
		}
		ld.at(kp, "%s", msg)
	}
}

func sortedKeys(t map[string]any) []string {
	ks := make([]string, 0, len(t))
	for k := range t {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (ld *loader) build(raw map[string]any) *Map {
	m := &Map{}
	ld.checkKeys(raw, topKeys, "", "the top level of the map")

	if v, ok := raw["name"]; !ok {
		ld.add(srcPos{1, 0}, "the map has no name (add name = \"...\" at the top)")
	} else if s, ok := v.(string); !ok {
		ld.at("name", "name must be text in quotes, not %s", typeName(v))
	} else if strings.TrimSpace(s) == "" {
		ld.at("name", "name must not be empty")
	} else if msg := TextProblem("name", s, MaxNameChars, false); msg != "" {
		ld.at("name", "%s", msg)
	} else {
		m.Name = s
	}
	if v, ok := raw["description"]; ok {
		if s, ok := v.(string); !ok {
			ld.at("description", "description must be text in quotes, not %s", typeName(v))
		} else if msg := TextProblem("description", s, MaxDescriptionChars, true); msg != "" {
			ld.at("description", "%s", msg)
		} else {
			m.Description = s
		}
	}

	ld.readTable(raw, m)

	terr, okT := ld.tableList(raw, "terrain")
	areas, okA := ld.tableList(raw, "area")
	if okT && okA && len(terr)+len(areas) > MaxPieces {
		ld.add(srcPos{}, "the map has %d terrain pieces and areas; at most %d are allowed", len(terr)+len(areas), MaxPieces)
		return m
	}
	for i, t := range terr {
		if p, ok := ld.readPiece(t, i); ok {
			p.ID = len(m.Pieces)
			m.Pieces = append(m.Pieces, p)
		}
	}
	names := map[string]int{}
	for i, t := range areas {
		a, ok := ld.readArea(t, i)
		if !ok {
			continue
		}
		if prev, dup := names[a.Name]; dup {
			ld.at(fmt.Sprintf("area#%d.name", i+1), "area name %q is already used by the area at line %d", a.Name, prev)
			continue
		}
		names[a.Name] = a.Line
		m.Areas = append(m.Areas, a)
	}
	return m
}

func (ld *loader) readTable(raw map[string]any, m *Map) {
	v, ok := raw["table"]
	if !ok {
		ld.add(srcPos{}, "the map has no [table] section giving its width and height in inches")
		return
	}
	t, ok := v.(map[string]any)
	if !ok {
		ld.at("table", "table must be a [table] section with width and height, not %s", typeName(v))
		return
	}
	ld.checkKeys(t, tableKeys, "table", "[table]")
	size := func(key string) (float64, int64, bool) {
		v, ok := t[key]
		if !ok {
			ld.at("table", "[table] needs a %s in inches", key)
			return 0, 0, false
		}
		f, ok := number(v)
		if !ok {
			ld.at("table."+key, "table %s must be a number of inches, not %s", key, typeName(v))
			return 0, 0, false
		}
		if f < MinTableInches || f > MaxTableInches {
			ld.at("table."+key, "table %s is %s\"; it must be from %d\" to %d\"", key, fmtIn(f), MinTableInches, MaxTableInches)
			return 0, 0, false
		}
		return f, geom.In(f), true
	}
	wf, w, okW := size("width")
	hf, h, okH := size("height")
	if okW && okH {
		ld.w, ld.h, ld.wIn, ld.hIn = w, h, wf, hf
		m.Width, m.Height = w, h
	}
}

// tableList reads an array of tables ([[terrain]] or [[area]]).
func (ld *loader) tableList(raw map[string]any, key string) ([]map[string]any, bool) {
	v, ok := raw[key]
	if !ok {
		return nil, true
	}
	switch l := v.(type) {
	case []map[string]any:
		return l, true
	case []any:
		out := make([]map[string]any, 0, len(l))
		for _, e := range l {
			t, ok := e.(map[string]any)
			if !ok {
				ld.at(key, "%s must be a list of [[%s]] tables, but it holds %s", key, key, typeName(e))
				return nil, false
			}
			out = append(out, t)
		}
		return out, true
	}
	ld.at(key, "%s must be written as [[%s]] tables (double brackets), not %s", key, key, typeName(v))
	return nil, false
}

func (ld *loader) readPiece(t map[string]any, i int) (Piece, bool) {
	path := fmt.Sprintf("terrain#%d", i+1)
	where := fmt.Sprintf("[[terrain]] #%d", i+1)
	p := Piece{Line: ld.pos.find(path).line}
	nprobs := len(ld.probs)
	ld.checkKeys(t, terrainKeys, path, where)

	var kind Kind
	kindOK := false
	if v, ok := t["kind"]; !ok {
		ld.at(path, "%s has no kind; give one of: %s", where, strings.Join(KindNames(), ", "))
	} else if s, ok := v.(string); !ok {
		ld.at(path+".kind", "kind must be text in quotes, not %s", typeName(v))
	} else if kind, kindOK = KindByName(s); !kindOK {
		msg := fmt.Sprintf("unknown terrain kind %q", s)
		if n, ok := Nearest(s, KindNames()); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", n)
		}
		ld.at(path+".kind", "%s; valid kinds are %s", msg, strings.Join(KindNames(), ", "))
	} else {
		p.Kind = kind.Name
		p.Props = kind.Props
	}
	p.Name = ld.optString(t, path, "name")

	// Per-piece overrides of the kind's defaults.
	if v, ok := t["height"]; ok {
		if h, ok := ld.inches(v, path+".height", "height", 0, 100); ok {
			p.Props.Height = h
		}
	}
	if v, ok := t["sight_depth"]; ok {
		if d, ok := ld.inches(v, path+".sight_depth", "sight_depth", 0, MaxTableInches); ok {
			p.Props.SightDepth = d
		}
	}
	if v, ok := t["width"]; ok {
		if kindOK && !kind.Linear {
			ld.at(path+".width", "width only applies to linear kinds (hedge, bocage, walls, fence), not %s", kind.Name)
		} else if w, ok := ld.inches(v, path+".width", "width", 0.05, 12); ok {
			p.Props.Width = w
		}
	}
	if s, ok := ld.enum(t, path, "sight", sightNames); ok {
		p.Props.Sight = Sight(indexOf(sightNames, s))
	}
	if s, ok := ld.enum(t, path, "cover", coverNames); ok {
		p.Props.Cover = Cover(indexOf(coverNames, s))
	}
	if s, ok := ld.enum(t, path, "going", goingNames); ok {
		p.Props.Going = Going(indexOf(goingNames, s))
	}

	linear := kindOK && kind.Linear
	if kindOK {
		if linear {
			p.Path = ld.readPath(t, path, where)
		} else {
			p.Poly = ld.readPoly(t, path, where)
		}
	} else {
		// Still check the shape, so one run reports everything.
		ld.readPoly(t, path, where)
	}

	for _, fk := range []string{"doors", "windows"} {
		v, ok := t[fk]
		if !ok {
			continue
		}
		if kindOK && kind.Name != "building" {
			ld.at(path+"."+fk, "only buildings may have %s, not %s", fk, kind.Name)
			continue
		}
		pts, ok := ld.pointList(v, path+"."+fk, fk, where, maxFeaturePoints)
		if !ok {
			continue
		}
		good := true
		if len(p.Poly) >= 3 {
			for j, q := range pts {
				if !nearOutline(p.Poly, q, geom.In(0.25)) {
					ld.at(fmt.Sprintf("%s.%s[%d]", path, fk, j), "%s point %d %s is not on the building's outline (within 0.25\")", fk, j+1, fmtPt(q))
					good = false
				}
			}
		}
		if good {
			if fk == "doors" {
				p.Doors = pts
			} else {
				p.Windows = pts
			}
		}
	}
	ld.readInner(t, path, where, kindOK && kind.Name == "building", &p)
	return p, len(ld.probs) == nprobs
}

func nearOutline(poly geom.Polygon, q geom.Pt, tol int64) bool {
	for i := range poly {
		if geom.SegWithin(poly.Edge(i), q, tol, false) {
			return true
		}
	}
	return false
}

func (ld *loader) readArea(t map[string]any, i int) (Area, bool) {
	path := fmt.Sprintf("area#%d", i+1)
	where := fmt.Sprintf("[[area]] #%d", i+1)
	a := Area{Side: -1, Line: ld.pos.find(path).line}
	nprobs := len(ld.probs)
	ld.checkKeys(t, areaKeys, path, where)

	if v, ok := t["name"]; !ok {
		ld.at(path, "%s has no name", where)
	} else if s, ok := v.(string); !ok {
		ld.at(path+".name", "name must be text in quotes, not %s", typeName(v))
	} else if strings.TrimSpace(s) == "" {
		ld.at(path+".name", "name must not be empty")
	} else if msg := TextProblem("name", s, MaxNameChars, false); msg != "" {
		ld.at(path+".name", "%s", msg)
	} else {
		a.Name = s
	}
	kindOK := false
	if v, ok := t["kind"]; !ok {
		ld.at(path, "%s has no kind; give one of: %s", where, strings.Join(areaKinds, ", "))
	} else if s, ok := v.(string); !ok {
		ld.at(path+".kind", "kind must be text in quotes, not %s", typeName(v))
	} else if indexOf(areaKinds, s) < 0 {
		msg := fmt.Sprintf("unknown area kind %q", s)
		if n, ok := Nearest(s, areaKinds); ok {
			msg += fmt.Sprintf(" (did you mean %q?)", n)
		}
		ld.at(path+".kind", "%s; valid area kinds are %s", msg, strings.Join(areaKinds, ", "))
	} else {
		a.Kind = AreaKind(s)
		kindOK = true
	}
	if v, ok := t["side"]; ok {
		n, isInt := v.(int64)
		switch {
		case !isInt:
			ld.at(path+".side", "side must be the whole number 0 or 1, not %s", typeName(v))
		case n != 0 && n != 1:
			ld.at(path+".side", "side must be 0 or 1, not %d", n)
		default:
			a.Side = int(n)
		}
	} else if kindOK && a.Kind != AreaObjective {
		ld.at(path, "a %s area needs side = 0 or side = 1", a.Kind)
	}
	a.Poly = ld.readPoly(t, path, where)
	return a, len(ld.probs) == nprobs
}
