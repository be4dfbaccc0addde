package e2e

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
)

// computerGames are one scenario of each rule set and the side the
// computer plays in it: short battles when the player only ends turns.
var computerGames = []struct {
	file string
	cpu  int
}{
	{"smle-skirmish.toml", 0},
	{"firefight-mg42-farm-lane.toml", 0},
	{"maxim-rue-principale.toml", 1},
	{"skirmish35-panzer.toml", 0},
	{"ssg-village-patrols.toml", 1},
}

// A player plays the computer in one scenario of each rule set, at
// 1024x640, by mouse: New battle, the scenario, a click on the computer's
// side button to make it Computer (Normal), Deploy and play, Ready for
// the player's own side (the computer deploys as the scenario places it),
// the computer's pace set to instant with its button and its moves
// hurried with Space, then only the end (or let-it-pass) button whenever
// the player decides, until the result screen. The computer's turns are taken with no input, no curtain ever
// comes down, and the save says who played each side.
func TestComputerOpponentByMouse(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end test is skipped in -short mode")
	}
	r := startRigSized(t, "computer", 1024, 640, "--seed", "7", "--no-resume", "--speed", "8")
	paced := false
	for gi, cg := range computerGames {
		start := time.Now()
		human := 1 - cg.cpu
		r.pressButton("title", "New battle")
		r.clickScenario(cg.file)
		// the side buttons follow Deploy and play and Back
		p := r.waitProbe("the side buttons", func(p probeInfo) bool { return p.Scene == "chooser" && len(p.Buttons) >= 4 })
		bt := p.Buttons[2+cg.cpu]
		if !strings.HasSuffix(bt.Label, "Player") || !strings.HasSuffix(p.Buttons[2+human].Label, "Player") {
			t.Fatalf("%s: the side buttons read %q and %q, want Player for both by default", cg.file, p.Buttons[2].Label, p.Buttons[3].Label)
		}
		r.click(bt.X, bt.Y)
		p = r.waitProbe("the side button to change", func(p probeInfo) bool {
			return p.Scene == "chooser" && len(p.Buttons) >= 4 && strings.HasSuffix(p.Buttons[2+cg.cpu].Label, "Computer (Normal)")
		})
		if gi == 0 {
			r.shot("chooser")
		}
		r.pressButton("chooser", "Deploy and play")
		p = r.waitProbe("the player's deployment", func(p probeInfo) bool { return p.Scene == "deploy" || p.Scene == "battle" })
		if p.Scene == "deploy" {
			if p.Curtain || p.Decider != human {
				t.Fatalf("%s: the deployment shows side %d (curtain %v), want the player's side %d and no curtain", cg.file, p.Decider, p.Curtain, human)
			}
			r.pressButton("deploy", "Ready")
		}
		r.waitProbe("the battle", func(p probeInfo) bool { return p.Scene == "battle" })
		inBattle := time.Now()

		// the battle: the player ends turns, the computer plays by itself
		clicks := 0
		var missing time.Time // since when the player has had no end button
		missingAt := -1
		for {
			p, ok := r.readProbe()
			if !ok {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			if p.Scene == "result" {
				break
			}
			if time.Since(start) > 150*time.Second || clicks > 120 {
				r.shot("computer-stuck")
				t.Fatalf("%s: no result after %.0fs and %d clicks; last probe %+v", cg.file, time.Since(start).Seconds(), clicks, p)
			}
			if p.Scene != "battle" {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			if p.Curtain {
				r.shot("computer-curtain")
				t.Fatalf("%s: the curtain came down in a battle against the computer", cg.file)
			}
			if p.Decider == cg.cpu && !p.Over {
				if !paced {
					// the computer's pace: click its button until instant
					for i := 0; i < 4; i++ {
						q := r.waitProbe("the computer's buttons", func(q probeInfo) bool { return q.Scene != "battle" || q.Decider != cg.cpu || hasButton(q, "Pace: ") })
						b, ok := findButton(q, "Pace: ")
						if !ok || b.Label == "Pace: instant" {
							paced = ok
							break
						}
						r.shot("computer-thinking")
						r.click(b.X, b.Y)
					}
				}
				if p.Busy && paced {
					// Space hurries the computer: its dice and glides
					// are skipped
					r.xdo("keydown", "--window", r.wid, "space")
					time.Sleep(40 * time.Millisecond)
					r.xdo("keyup", "--window", r.wid, "space")
				}
				time.Sleep(60 * time.Millisecond)
				continue
			}
			if p.Decider != human || p.Over {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			// the player's decision: the end (or let it pass) button (the
			// bar takes it while the last dice still roll)
			var end *probeButton
			for _, a := range p.Acts {
				if a.Kind != rules.ActEnd && a.Kind != rules.ActPass {
					continue
				}
				if b, ok := findButton(p, a.Label); ok {
					end = &b
					break
				}
				for _, b := range p.Buttons {
					if b.End && !b.Disabled {
						// the end's place, its name perhaps shortened
						// ("End phase" for "End phase: draw the next chit")
						end = &b
						break
					}
				}
				if end != nil {
					break
				}
			}
			if end == nil {
				// (the bar is laid out a frame after the decision changes hands)
				if missing.IsZero() || missingAt != p.Log {
					missing, missingAt = time.Now(), p.Log
				} else if time.Since(missing) > 5*time.Second {
					r.shot("computer-no-end")
					t.Fatalf("%s: the player has no end or pass button: acts %+v buttons %+v", cg.file, p.Acts, p.Buttons)
				}
				time.Sleep(50 * time.Millisecond)
				continue
			}
			missing = time.Time{}
			was := p.Log
			r.click(end.X, end.Y)
			clicks++
			// the table may ask once when figures could still act: the
			// same button again confirms
			q := r.waitProbe("the end to be given", func(q probeInfo) bool { return q.Scene != "battle" || q.Log > was || q.Ask != "" })
			if q.Scene == "battle" && q.Log == was && q.Ask != "" {
				time.Sleep(600 * time.Millisecond) // (a double-click is not an answer)
				r.click(end.X, end.Y)
				r.waitProbe("the end to be confirmed", func(q probeInfo) bool { return q.Scene != "battle" || q.Log > was })
			}
		}
		res := r.waitProbe("the result screen", func(p probeInfo) bool { return p.Scene == "result" })
		if !res.Over || res.Result == "" {
			t.Errorf("%s: the result screen says %q (over %v)", cg.file, res.Result, res.Over)
		}
		pl, err := r.readSave()
		if err != nil {
			t.Fatalf("%s: %v", cg.file, err)
		}
		want := []string{"player", "player"}
		want[cg.cpu] = "computer:normal"
		if pl.sf.Scenario != cg.file || !slices.Equal(pl.sf.Players, want) {
			t.Errorf("the save is of %s with players %q, want %s with %q", pl.sf.Scenario, pl.sf.Players, cg.file, want)
		}
		mine := 0
		// the computer gave commands of its own (the player only ended turns)
		g, _, err := rules.NewGame(pl.g.RS, pl.g.Scenario, pl.g.St.Map, pl.sf.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range pl.cmds {
			if g.St.Decider == cg.cpu {
				mine++
			}
			if _, err := g.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
		if mine == 0 {
			t.Errorf("%s: the computer gave no command", cg.file)
		}
		data, _ := os.ReadFile(r.save)
		if !bytes.Contains(data, []byte(`"players"`)) {
			t.Errorf("%s: the autosave does not say who plays", cg.file)
		}
		t.Logf("%s: %q after %d commands (%d by the computer, %d end clicks by the player) in %.0fs (%.0fs to the battle, %.0fs in it)",
			cg.file, res.Result, len(pl.cmds), mine, clicks, time.Since(start).Seconds(), inBattle.Sub(start).Seconds(), time.Since(inBattle).Seconds())
		if gi == 0 {
			r.shot("computer-result")
		}
		r.pressButton("result", "Back to the title")
	}
}

// findButton is the first enabled button whose label begins with label.
func findButton(p probeInfo, label string) (probeButton, bool) {
	for _, b := range p.Buttons {
		if strings.HasPrefix(b.Label, label) && !b.Disabled {
			return b, true
		}
	}
	return probeButton{}, false
}

func hasButton(p probeInfo, label string) bool { _, ok := findButton(p, label); return ok }

// clickScenario picks a shipped scenario in the list by mouse: the wheel
// over the list brings its row into view and a click chooses it. (The
// list's rows start 90 pixels down, 48 apart, at the window's scale of 1.)
func (r *rig) clickScenario(file string) {
	r.t.Helper()
	want := scenarioIndex(r.t, file)
	p := r.waitProbe("the scenario list", func(p probeInfo) bool { return p.Scene == "chooser" && p.Choice != "" })
	rows := max(1, int((r.h-190)/48))
	r.moveTo(200, 200)
	if want < p.Scroll || want >= p.Scroll+rows {
		n, btn, top := p.Scroll-want, "4", want // up
		if want >= p.Scroll+rows {
			n, btn, top = want-(p.Scroll+rows-1), "5", want-rows+1
		}
		r.xdo("click", "--repeat", itoa(float64(n)), "--delay", "30", btn)
		p = r.waitProbe("the list to scroll", func(q probeInfo) bool { return q.Scene == "chooser" && q.Scroll == top })
	}
	r.click(200, 90+float64(want-p.Scroll)*48+21)
	r.waitProbe("the list to choose "+file, func(q probeInfo) bool { return q.Scene == "chooser" && q.Choice == file })
}
