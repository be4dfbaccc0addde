package game

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/keys"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/terrain"
)

// ---- scenario choice ----

type scenarioInfo struct {
	file string
	sc   *rules.Scenario
	m    *terrain.Map
	err  error
	art  *art.TableArt
	// points and how they were reached, when the rule set prices forces
	points      [2]int
	pointsLines []string
	priced      bool
}

type chooser struct {
	items   []scenarioInfo
	cur     int
	top     int // the first row shown (the list scrolls)
	seen    int // the choice the list was last scrolled to show
	wheel   float64
	buttons []button
	// pick, when set, is where the choice goes instead of deployment
	// (hosting a network battle, net_scenes.go)
	pick    func(a *App, sc *rules.Scenario, m *terrain.Map) Scene
	drivers drivers // who plays each side (computer_sides.go)
}

func newChooser(a *App) Scene {
	c := &chooser{}
	for _, n := range content.TomlNames(content.ScenariosFS) {
		sc, m, err := all.LoadScenario(content.ScenariosFS, n, content.MapsFS)
		it := scenarioInfo{file: n, sc: sc, m: m, err: err}
		if err == nil {
			if rs, ok := all.Get(sc.RuleSet); ok {
				if p, ok := rs.(rules.Pricer); ok {
					it.points, it.pointsLines = p.ScenarioPoints(sc, m)
					it.priced = true
				}
			}
		}
		if m != nil {
			it.art = art.NewTableArt(m)
			it.art.Budget = 0
		}
		c.items = append(c.items, it)
		if n == DefaultScenario {
			c.cur = len(c.items) - 1
		}
	}
	return c
}

// The scenario list: where its rows start and how tall each is.
var (
	listTop = 90.0
	listRow = 48.0
)

// rows is how many scenarios the list shows at once in this window.
func (c *chooser) rows(a *App) int {
	return max(1, int((a.H-listTop*art.UIScale-100*art.UIScale)/(listRow*art.UIScale)))
}

// DefaultScenario is the battle the scenario choice starts on: the
// rulebook's own introductory game.
const DefaultScenario = "ssg-standard.toml"

func (c *chooser) Update(a *App, dt float64) error {
	if len(c.items) > 0 {
		writeProbe(probe{Scene: "chooser", Choice: c.items[c.cur].file, Buttons: probeButtons(c.buttons), Scroll: c.top})
	} else {
		writeProbe(probe{Scene: "chooser"})
	}
	if keys.Pressed(keys.ActCancel) {
		a.scene = newTitle(a)
		return nil
	}
	if keys.Pressed(keys.ActPanDown) {
		c.cur = min(len(c.items)-1, c.cur+1)
	}
	if keys.Pressed(keys.ActPanUp) {
		c.cur = max(0, c.cur-1)
	}
	mx, my := cursor()
	rows := c.rows(a)
	// the wheel scrolls the list (a touchpad's small steps add up); the
	// choice stays where it is until a row is clicked
	if _, wy := ebiten.Wheel(); wy != 0 {
		c.wheel += wy
		c.top -= int(c.wheel)
		c.wheel -= float64(int(c.wheel))
	}
	c.top = max(0, min(c.top, len(c.items)-rows))
	for i := c.top; i < len(c.items) && i < c.top+rows; i++ {
		y := listTop + float64(i-c.top)*listRow*art.UIScale
		if clicked() && mx > 30*art.UIScale && mx < 400*art.UIScale && my > y && my < y+(listRow-6)*art.UIScale {
			c.cur = i
		}
	}
	// keep the chosen scenario in view when the arrows move it
	if c.cur != c.seen {
		if c.cur < c.top {
			c.top = c.cur
		}
		if c.cur >= c.top+rows {
			c.top = c.cur - rows + 1
		}
		c.seen = c.cur
	}
	c.buttons = []button{
		{x: a.W - 250*art.UIScale, y: a.H - 66*art.UIScale, w: 220 * art.UIScale, h: 42 * art.UIScale, label: "Deploy and play", key: "Enter"},
		{x: a.W - 390*art.UIScale, y: a.H - 66*art.UIScale, w: 120 * art.UIScale, h: 42 * art.UIScale, label: "Back", key: "Esc"},
	}
	if len(c.items) == 0 || c.items[c.cur].err != nil {
		c.buttons[0].disabled = true
	}
	if c.pick != nil {
		c.buttons[0].label = "Host this battle"
	} else {
		c.addSideButtons(a) // (computer_sides.go)
		if c.sideClicked(a) {
			return nil
		}
	}
	if c.buttons[1].clicked() {
		a.scene = newTitle(a)
		return nil
	}
	if (c.buttons[0].clicked() || keys.Pressed(keys.ActEnd)) && !c.buttons[0].disabled {
		it := c.items[c.cur]
		if c.pick != nil {
			if s := c.pick(a, it.sc, it.m); s != nil {
				a.scene = s
			}
			return nil
		}
		a.cpu.drivers = c.drivers
		if s := a.deployScene(it.sc, it.m); s != nil {
			a.scene = s
		}
	}
	return nil
}

func (c *chooser) Draw(a *App, dst *ebiten.Image) {
	dst.Fill(colDesk)
	art.Say(dst, "Choose a battle", art.BoldFace(28), 30*art.UIScale, 28*art.UIScale, art.RGB(0xf2e2b8), 0)
	rows := c.rows(a)
	if c.top > 0 {
		art.Say(dst, fmt.Sprintf("%d more above (wheel or arrows)", c.top), art.ItalicFace(11), 215*art.UIScale, listTop-16*art.UIScale, art.RGB(0xa89878), 1)
	}
	if n := len(c.items) - c.top - rows; n > 0 {
		art.Say(dst, fmt.Sprintf("%d more below (wheel or arrows)", n), art.ItalicFace(11), 215*art.UIScale, listTop+float64(rows)*listRow*art.UIScale, art.RGB(0xa89878), 1)
	}
	for i, it := range c.items {
		if i < c.top || i >= c.top+rows {
			continue
		}
		y := listTop + float64(i-c.top)*listRow*art.UIScale
		bg := art.RGBA(0x3a3026, 220)
		if i == c.cur {
			bg = art.RGB(0x7a3a22)
		}
		art.RoundRect(dst, 30*art.UIScale, y, 370*art.UIScale, (listRow-6)*art.UIScale, 6*art.UIScale, bg)
		name := it.file
		sub := ""
		if it.sc != nil {
			name = it.sc.Name
			rs := it.sc.RuleSet
			if r, ok := all.Get(rs); ok {
				rs = r.Name()
			}
			sub = rs
			if it.m != nil {
				sub += "  -  " + it.m.Name
			}
		}
		if it.err != nil {
			sub = "cannot be loaded"
		}
		art.Say(dst, name, art.BoldFace(14), 44*art.UIScale, y+5*art.UIScale, art.RGB(0xf7ecd2), 0)
		art.Say(dst, sub, art.Face(11), 44*art.UIScale, y+25*art.UIScale, art.RGB(0xd8c8a8), 0)
	}
	if len(c.items) == 0 {
		art.Say(dst, "No scenarios are shipped with this build.", art.Face(16), 30*art.UIScale, 100*art.UIScale, art.RGB(0xf0a090), 0)
	}
	if len(c.items) > 0 {
		it := c.items[c.cur]
		x := 430 * art.UIScale
		w := a.W - x - 30*art.UIScale
		if it.err != nil {
			art.Say(dst, "This scenario has a problem:", art.BoldFace(16), x, 90*art.UIScale, art.RGB(0xf0a090), 0)
			for i, l := range art.Wrap(it.err.Error(), art.Face(14), w) {
				art.Say(dst, l, art.Face(14), x, 120*art.UIScale+float64(i)*20*art.UIScale, art.RGB(0xf2e2b8), 0)
			}
		} else {
			// map preview
			share := 0.55
			if it.priced {
				share = 0.4 // leave room for the price of every team
			}
			ph := math.Min(a.H*share, w*geom.Inches(it.m.Height)/geom.Inches(it.m.Width))
			// the briefing goes above the buttons: a short window gets a
			// smaller map rather than text under the buttons
			brief := art.Wrap(it.sc.Briefing, art.Face(14), w)
			room := a.H - 76*art.UIScale - 90*art.UIScale - 24*art.UIScale - 52*art.UIScale - float64(len(brief))*20*art.UIScale
			least := a.H * 0.3
			var ledger []string
			if it.priced {
				room -= 22 * art.UIScale
				// and each team's price, which ran under the buttons at
				// 1024x640: the map gives way to it
				var totals []string
				for _, l := range it.pointsLines {
					ledger = append(ledger, art.Wrap(l, art.Face(11), w)...)
					if strings.Contains(l, ": total ") {
						totals = append(totals, art.Wrap(l, art.Face(11), w)...)
					}
				}
				if room-6*art.UIScale-float64(len(ledger))*14*art.UIScale < least && len(totals) > 0 {
					// no room for every team's price: the Points line
					// above gives each side's total (a play-tester read
					// them twice when the totals stood here too); the
					// whole ledger shows in a taller window
					ledger = nil
				}
				room -= 6*art.UIScale + float64(len(ledger))*14*art.UIScale
			}
			ph = math.Max(math.Min(ph, room), least)
			z := ph / geom.Inches(it.m.Height)
			pw := z * geom.Inches(it.m.Width)
			art.Rect(dst, x-6*art.UIScale, 84*art.UIScale, pw+12*art.UIScale, ph+12*art.UIScale, colFrame)
			it.art.Draw(dst, z, x, 90*art.UIScale)
			for _, ar := range it.m.Areas {
				var pts []art.Pt
				for _, q := range ar.Poly {
					pts = append(pts, art.Pt{X: x + geom.Inches(q.X)*z, Y: 90*art.UIScale + geom.Inches(q.Y)*z})
				}
				art.StrokeDashPoly(dst, pts, 1.5*art.UIScale, 8*art.UIScale, 6*art.UIScale, art.RGB(0xf2ead6))
			}
			y := 90*art.UIScale + ph + 24*art.UIScale
			rs := it.sc.RuleSet
			if r, ok := all.Get(rs); ok {
				rs = r.Name()
			}
			art.Say(dst, fmt.Sprintf("%s  -  %s, %gx%g\"", rs, it.m.Name, geom.Inches(it.m.Width), geom.Inches(it.m.Height)), art.BoldFace(15), x, y, art.RGB(0xf2e2b8), 0)
			y += 26 * art.UIScale
			sides := fmt.Sprintf("%s (%d figures) against %s (%d figures)", it.sc.Sides[0].Name, countFigs(it.sc, 0), it.sc.Sides[1].Name, countFigs(it.sc, 1))
			art.Say(dst, sides, art.Face(14), x, y, art.RGB(0xd8c8a8), 0)
			y += 26 * art.UIScale
			if it.priced {
				art.Say(dst, fmt.Sprintf("Points: %s %d  -  %s %d", it.sc.Sides[0].Name, it.points[0], it.sc.Sides[1].Name, it.points[1]), art.BoldFace(14), x, y, art.RGB(0xf2c94c), 0)
				y += 22 * art.UIScale
			}
			ledgerH := 0.0
			if it.priced {
				ledgerH = 6*art.UIScale + float64(len(ledger))*14*art.UIScale
			}
			for i, l := range brief {
				if y+40*art.UIScale+ledgerH > a.H-66*art.UIScale && i < len(brief)-1 {
					art.Say(dst, l+" ...", art.Face(14), x, y, art.RGB(0xe8dcc0), 0)
					y += 20 * art.UIScale
					break
				}
				art.Say(dst, l, art.Face(14), x, y, art.RGB(0xe8dcc0), 0)
				y += 20 * art.UIScale
			}
			if it.priced {
				// each team's price with its force multipliers, small
				y += 6 * art.UIScale
				fs := art.Face(11)
				for _, ll := range ledger {
					if y > a.H-84*art.UIScale {
						break
					}
					art.Say(dst, ll, fs, x, y, art.RGB(0xc8b894), 0)
					y += 14 * art.UIScale
				}
			}
		}
	}
	c.drawSides(dst, a)
	for i := range c.buttons {
		c.buttons[i].draw(dst, i == 0)
	}
}

func countFigs(sc *rules.Scenario, side int) int {
	n := 0
	for _, u := range sc.Sides[side].Units {
		n += len(u.Figures)
	}
	return n
}

// ---- starting a battle ----

func (a *App) seedFor(sc *rules.Scenario) uint64 {
	if a.opt.hasSeed {
		return a.opt.seed
	}
	if sc.HasSeed {
		return sc.Seed
	}
	return uint64(time.Now().UnixNano())
}

// startScenario loads a scenario by name or path and goes to deployment.
func (a *App) startScenario(name string) Scene {
	a.cpu.drivers = drivers{} // two players, unless the scenario choice says otherwise
	var sc *rules.Scenario
	var m *terrain.Map
	var err error
	if _, serr := os.Lstat(name); serr == nil { // a folder, pipe or link loop gets a plain refusal from the loader
		sc, m, err = all.LoadScenario(os.DirFS(filepath.Dir(name)), filepath.Base(name), content.MapsFS)
		if err == nil {
			s := a.deployScene(sc, m)
			if d, ok := s.(*deploy); ok && content.FileExists(name) {
				d.watchScenario(name) // a file on disk: reload it when saved
			}
			return s
		}
	} else {
		n := name
		if !strings.HasSuffix(n, ".toml") {
			n += ".toml"
		}
		sc, m, err = all.LoadScenario(content.ScenariosFS, n, content.MapsFS)
	}
	if err != nil {
		a.Fail("The scenario could not be loaded", err)
		return nil
	}
	return a.deployScene(sc, m)
}

// battleFor starts the battle on a deployed scenario, or says why it
// cannot (the deployment scene then keeps both sides' placing).
func (a *App) battleFor(sc *rules.Scenario, m *terrain.Map) (Scene, error) {
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		return nil, fmt.Errorf("%s: rule set %q is not in this build", sc.File, sc.RuleSet)
	}
	g, evs, err := rules.NewGame(rs, sc, m, a.seedFor(sc))
	if err != nil {
		return nil, err
	}
	kept := a.keepUnfinishedAutosave() // before the new battle saves over it
	g.Players = a.cpu.drivers.saved()  // who plays each side (computer.go)
	b := newBattle(a, g, evs)
	if kept != "" {
		b.log = append(b.log, logEntry{text: kept, side: -1})
		a.Toast("%s", kept)
	}
	if b.drivers.hotseat() {
		// The second side deployed last. When the first side plays first,
		// the curtain comes down at once and the opening dice wait behind
		// it, to roll for the player who takes the table.
		b.shown = 1
		b.curtain = g.St.Decider != 1
	}
	return b, nil
}

// resume opens a saved game (from the load dialog). One that stops
// matching the rules resumes after its last good command, with a message.
func (a *App) resume(path string) {
	if path == a.opt.autosave {
		a.resumeAutosave()
		return
	}
	sb, err := readBattle(path)
	if err != nil {
		a.Fail("The save could not be loaded", fmt.Errorf("%s: %v", path, err))
		return
	}
	a.resumeBattle(sb, false)
}

func (a *App) saveDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "."
	}
	return filepath.Join(dir, "hedgerow", "saves")
}

// ---- result ----

type result struct {
	b       *battle
	buttons []button
}

// newResult shows battle b's result over its table, the table whole and
// in the middle of the window (no side panel or bar stands beside it).
func newResult(a *App, b *battle) Scene {
	b.tv.pads(0, 0, 0, 0)
	b.tv.fit(false)
	return &result{b: b}
}

func (r *result) Update(a *App, dt float64) error {
	r.b.tv.update(a, dt)
	r.buttons = []button{
		{x: a.W/2 - 230*art.UIScale, y: a.H - 90*art.UIScale, w: 220 * art.UIScale, h: 42 * art.UIScale, label: "Back to the title"},
		{x: a.W/2 + 10*art.UIScale, y: a.H - 90*art.UIScale, w: 220 * art.UIScale, h: 42 * art.UIScale, label: "Look at the table"},
	}
	r.probe()
	if r.buttons[0].clicked() || keys.Pressed(keys.ActEnd) {
		a.scene = newTitle(a)
	}
	if r.buttons[1].clicked() {
		r.look(a)
	}
	return nil
}

// look is "Look at the table": the battle's own table as it ended, its
// figures and its whole log (the map alone, with no figures, was no look
// at the battle), with its panels about it again.
func (r *result) look(a *App) {
	r.b.review = true
	r.b.tv.pads(battlePads())
	r.b.tv.fit(false)
	a.scene = r.b
}

// luck sums, per side, the expected and actual successes over every roll.
func luck(log []logEntry) (exp, got [2]float64, n [2]int) {
	for _, e := range log {
		if e.roll == nil || e.side < 0 || e.side > 1 {
			continue
		}
		p, ok := chance(e.roll)
		if !ok {
			continue
		}
		exp[e.side] += p
		if success(e.roll) {
			got[e.side]++
		}
		n[e.side]++
	}
	return
}

func (r *result) Draw(a *App, dst *ebiten.Image) {
	b := r.b
	st := b.st()
	b.tv.draw(dst)
	art.Rect(dst, 0, 0, a.W, a.H, art.RGBA(0x000000, 150))
	w, h := math.Min(720*art.UIScale, a.W-40*art.UIScale), 300*art.UIScale
	x, y := a.W/2-w/2, a.H/2-h/2-40*art.UIScale
	art.RoundRect(dst, x, y, w, h, 12*art.UIScale, art.RGB(0xefe6d2))
	head := "A draw"
	if st.Winner >= 0 {
		head = "Victory to " + st.Sides[st.Winner].Name
	}
	art.Say(dst, head, art.BoldFace(34), a.W/2, y+20*art.UIScale, art.RGB(0x2b2418), 1)
	// the rules' result may begin with the same verdict as the heading
	why := st.Result
	if rest, ok := strings.CutPrefix(why, head+": "); ok && rest != "" {
		why = rules.Capital(rest)
	}
	art.Say(dst, why, art.ItalicFace(15), a.W/2, y+70*art.UIScale, art.RGB(0x5a4a38), 1)
	exp, got, n := luck(b.log)
	yy := y + 110*art.UIScale
	art.Say(dst, "Side", art.BoldFace(14), x+30*art.UIScale, yy, art.RGB(0x2b2418), 0)
	art.Say(dst, "Losses", art.BoldFace(14), x+230*art.UIScale, yy, art.RGB(0x2b2418), 0)
	art.Say(dst, "Rolls", art.BoldFace(14), x+330*art.UIScale, yy, art.RGB(0x2b2418), 0)
	art.Say(dst, "Successes: expected / actual", art.BoldFace(14), x+420*art.UIScale, yy, art.RGB(0x2b2418), 0)
	for s := 0; s < 2; s++ {
		yy += 30 * art.UIScale
		// the side's colour in its figures' rim, as on the table (a plain
		// square of the side's colour did not match the rims, play-test 6)
		art.Rect(dst, x+30*art.UIScale, yy+3*art.UIScale, 12*art.UIScale, 12*art.UIScale, sideColour(st, s))
		art.RectLine(dst, x+30*art.UIScale, yy+3*art.UIScale, 12*art.UIScale, 12*art.UIScale, 2.5*art.UIScale, rimColour(st, s))
		art.Say(dst, st.Sides[s].Name, art.Face(15), x+50*art.UIScale, yy, art.RGB(0x2b2418), 0)
		art.Say(dst, fmt.Sprint(st.Sides[s].Losses), art.Face(15), x+230*art.UIScale, yy, art.RGB(0x2b2418), 0)
		art.Say(dst, fmt.Sprint(n[s]), art.Face(15), x+330*art.UIScale, yy, art.RGB(0x2b2418), 0)
		verdict := "as expected"
		switch d := got[s] - exp[s]; {
		case d > 0.75:
			verdict = "lucky"
		case d < -0.75:
			verdict = "unlucky"
		}
		art.Say(dst, fmt.Sprintf("%.1f / %.0f  (%s)", exp[s], got[s], verdict), art.Face(15), x+420*art.UIScale, yy, art.RGB(0x2b2418), 0)
	}
	// the foot's two notes, each wrapped within the card (the second ran
	// into its edge at 1024x640, play-test 6)
	yy += 32 * art.UIScale
	for _, l := range art.Wrap("Rolls counts the rolls made against a number to reach (to hit, for one); the expected successes add up their chances.", art.Face(12), w-60*art.UIScale) {
		art.Say(dst, l, art.Face(12), x+30*art.UIScale, yy, art.RGB(0x7a6a58), 0)
		yy += 16 * art.UIScale
	}
	yy += 8 * art.UIScale
	for _, l := range art.Wrap(fmt.Sprintf("Fought over %s. Look at the table for the battle as it ended and its whole log, every roll in it; the save keeps it too.", b.span()), art.Face(13), w-60*art.UIScale) {
		art.Say(dst, l, art.Face(13), x+30*art.UIScale, yy, art.RGB(0x5a4a38), 0)
		yy += 18 * art.UIScale
	}
	for i := range r.buttons {
		r.buttons[i].draw(dst, i == 0)
	}
}

// span is how long the battle lasted in its rule set's own word for a
// turn, read from the status the rules give ("Round 3": "3 rounds";
// "1 turn").
func (b *battle) span() string {
	word := "turn"
	if b.explain != nil {
		if w, _, ok := strings.Cut(b.explain.Turn, " "); ok && w != "" {
			word = strings.ToLower(w)
		}
	}
	n := b.st().Round
	if n != 1 {
		word += "s"
	}
	return fmt.Sprintf("%d %s", n, word)
}
