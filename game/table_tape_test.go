package game

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"

	"hedgerow/game/art"
	"hedgerow/game/view"
	"hedgerow/rules"
	"hedgerow/rules/geom"
)

// A move dragged over an obstacle the rule set rolls for (1/35th's hedges
// and walls) marks on the tape where the roll comes, with its words,
// before the button is let go: the stop the tape shows may be cut short
// there. A move that crosses nothing has no mark.
func TestTapeMarksTheCrossingsRolledFor(t *testing.T) {
	g := shippedGame(t, "skirmish35-ambush.toml", 1)
	st := g.St
	// one of the side's men and a legal move of his over an obstacle
	var fig rules.FigID
	var path, plain []geom.Pt
	for _, f := range st.Figures {
		if f.Removed || f.Side != st.Decider {
			continue
		}
		for deg := 0; deg < 360 && fig == 0; deg += 10 {
			for d := 1.0; d <= 8; d++ {
				a := float64(deg) * math.Pi / 180
				p := []geom.Pt{{X: f.Pos.X + int64(d*math.Cos(a)*geom.PerInch), Y: f.Pos.Y + int64(d*math.Sin(a)*geom.PerInch)}}
				if !g.MoveCheck(f.ID, p).OK {
					continue
				}
				if len(g.MoveCrossings(f.ID, p)) > 0 {
					fig, path = f.ID, p
					break
				}
				if plain == nil {
					plain = p
				}
			}
		}
		if fig != 0 {
			break
		}
		plain = nil
	}
	if fig == 0 || plain == nil {
		t.Fatal("no man of the side to move can reach an obstacle and open ground in the ambush's first turn")
	}
	a := &App{W: 1280, H: 800, speed: 1}
	b := newBattle(a, g, nil)
	b.tv.cam.Resize(1280, 800)
	b.tv.fit(true)
	b.tl.SkipAll()
	b.shown, b.curtain = st.Decider, false
	b.sel.Mode, b.sel.Sel = view.Dragging, fig
	b.measureMove(path)
	if len(b.moveCross) == 0 {
		t.Fatalf("dragging %v: no crossing on the tape", path)
	}
	img := render(a, b)
	q := b.tv.scr(b.moveCross[0].At)
	// the die mark: a pale square with a dark pip, where the path meets it
	pale := img.At(int(q.X+4), int(q.Y)).(color.RGBA)
	if pale.R < 0xe0 || pale.G < 0xe0 || pale.B < 0xd0 {
		t.Errorf("no pale die mark at the crossing (%v): %v", q, pale)
	}
	if pip := img.At(int(q.X), int(q.Y)).(color.RGBA); pip.R > 0x60 {
		t.Errorf("no pip on the die mark: %v", pip)
	}
	if !strings.HasPrefix(b.moveCross[0].Note, "roll to cross") {
		t.Errorf("the mark's word: %q", b.moveCross[0].Note)
	}
	w := crossingWords(b.moveCross)
	if !strings.Contains(w, "roll") || !strings.Contains(w, b.moveCross[0].What) || strings.Contains(w, "D3") {
		t.Errorf("the tape's line: %q", w)
	}
	// open ground: no mark
	b.measureMove(plain)
	if len(b.moveCross) != 0 {
		t.Errorf("a move over open ground has crossings %+v", b.moveCross)
	}
}

// The scale bar reads a round length over equal segments at every zoom:
// a whole number of its unit, 2 to 6 segments of a whole or half unit,
// no longer than its room. Halving six 5 cm segments drew "7.5 cm" over
// one and a half segments at 1920x1080.
func TestScaleBarIsRound(t *testing.T) {
	tv := &tableView{cam: view.NewCamera(1920, 1080)}
	for _, cm := range []bool{false, true} {
		per := 1.0
		if cm {
			per = 1 / 2.54
		}
		for _, narrow := range []bool{false, true} {
			most := 260 * art.UIScale
			if narrow {
				most = 70 * art.UIScale
			}
			for z := 1.0; z < 120; z *= 1.13 {
				tv.cam.Zoom = z
				seg, n, total, unit, _ := tv.scaleSegs(cm, narrow)
				what := fmt.Sprintf("zoom %.1f px/inch, cm %v, narrow %v: %g%s in %g segments", z, cm, narrow, total, unit, n)
				if total != math.Trunc(total) || n < 2 || n > 6 || n != math.Trunc(n) {
					t.Errorf("%s: not a whole length over 2 to 6 segments", what)
				}
				if u := seg / per * 2; math.Abs(u-math.Round(u)) > 1e-9 {
					t.Errorf("%s: a segment of %g of the unit", what, seg/per)
				}
				if w := n * seg * z; w > most+1e-9 && total > 1 {
					t.Errorf("%s: %.0f px long, room for %.0f", what, w, most)
				}
			}
		}
	}
}
