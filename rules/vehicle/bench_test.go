package vehicle

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// benchTable is a busy 6' x 4' table: a village of 40 houses, woods,
// rough ground, a road and hedges.
func benchTable() *terrain.Map {
	var ps []terrain.Piece
	x := uint64(99)
	rnd := func(n int64) int64 { x = x*6364136223846793005 + 1442695040888963407; return int64(x>>33) % n }
	for i := 0; i < 40; i++ {
		cx, cy := 2000+rnd(66000), 2000+rnd(42000)
		ps = append(ps, area("building", geom.Polygon{{X: cx, Y: cy}, {X: cx + 3000, Y: cy}, {X: cx + 3000, Y: cy + 2000}, {X: cx, Y: cy + 2000}}))
	}
	ps = append(ps, area("road", rect(0, 22, 72, 3)), area("woods", rect(50, 2, 15, 12)), area("rough", rect(5, 30, 12, 10)))
	ps = append(ps, line("hedge", geom.P(0, 20), geom.P(30, 20), geom.P(40, 14)), line("bocage", geom.P(40, 30), geom.P(70, 32)))
	return table(72, 48, ps...)
}

// BenchmarkMoveCheck times one vehicle's move check: a three-leg drive
// with turns across the busy table, with other vehicles and figures.
func BenchmarkMoveCheck(b *testing.B) {
	m := benchTable()
	others := Others{}
	for i := 0; i < 6; i++ {
		others.Hulls = append(others.Hulls, HullAt(5000, 2500, geom.Pt{X: int64(5000 + 11000*i), Y: 45000}, 90))
	}
	for i := 0; i < 30; i++ {
		others.Bases = append(others.Bases, geom.Circle{C: geom.Pt{X: int64(2000 + 2300*i), Y: 27000}, R: 500})
	}
	mr := MoveRules{Speeds: Speeds{Clear: 20000, Rough: 16000, Woods: 12000, Road: 24000}, ObstacleCost: 2000}
	plan := Through(geom.P(10, 23.5), geom.P(30, 23.5), geom.P(36, 16))
	start := Pose{Pos: geom.P(4, 23.5), Facing: 90}
	r := Drive(m, tank, start, plan, mr, others)
	b.Logf("drive: stop %v after %d, used %d/%d", r.Stop, r.Length, r.Used, MoveParts)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Drive(m, tank, start, plan, mr, others)
	}
}

func BenchmarkStruck(b *testing.B) {
	h := HullAt(6000, 3000, geom.P(30, 30), 33)
	for i := 0; i < b.N; i++ {
		h.StruckFrom(geom.Pt{X: int64(i % 60000), Y: 1000}, Armour{})
	}
}

// TestIntegerOnly keeps the promise that nothing in this package is
// decided by floating point: its source names no float type and calls
// nothing from math but integer limits.
func TestIntegerOnly(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Ident:
				if x.Name == "float64" || x.Name == "float32" {
					t.Errorf("%s: uses %s", fset.Position(x.Pos()), x.Name)
				}
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "math" && !strings.HasPrefix(x.Sel.Name, "MaxInt") && !strings.HasPrefix(x.Sel.Name, "MinInt") {
					t.Errorf("%s: calls math.%s", fset.Position(x.Pos()), x.Sel.Name)
				}
			case *ast.BasicLit:
				if x.Kind == token.FLOAT {
					t.Errorf("%s: a float literal %s", fset.Position(x.Pos()), x.Value)
				}
			}
			return true
		})
	}
}

// TestDriveDeterministic drives the same plan twice and from a copy of
// the map: identical results.
func TestDriveDeterministic(t *testing.T) {
	m := benchTable()
	mr := MoveRules{Speeds: Speeds{Clear: 20000, Rough: 16000, Woods: 12000, Road: 24000}, ObstacleCost: 2000}
	for i := 0; i < 20; i++ {
		start := Pose{Pos: geom.Pt{X: int64(4000 + 3000*i), Y: 23500}, Facing: 7 * i}
		plan := Through(geom.Pt{X: int64(30000 + 1000*i), Y: 10000}, geom.P(36, 40))
		a := Drive(m, tank, start, plan, mr, Others{})
		b := Drive(benchTable(), tank, start, plan, mr, Others{})
		if a.End != b.End || a.Used != b.Used || a.Stop != b.Stop || len(a.Path) != len(b.Path) {
			t.Fatalf("drive %d differs: %+v vs %+v", i, a, b)
		}
	}
}
