package game

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/assets"
	"hedgerow/cmd/gameflags"
	"hedgerow/game/art"
	"hedgerow/game/keys"
	"hedgerow/game/netplay"
	"hedgerow/rules"
)

// options are the game's command-line flags.
type options struct {
	scenario string // name in the shipped scenarios or a file path
	mapName  string // show this map (name or file) instead of a scenario
	seed     uint64
	hasSeed  bool
	autosave string
	speed    float64
	noResume bool
	winW     int // the window's size at start (--window WxH)
	winH     int
}

// Scene is one screen of the game.
type Scene interface {
	Update(a *App, dt float64) error
	Draw(a *App, dst *ebiten.Image)
}

// App holds the window-wide state: the current scene, toasts, dialogs,
// help and the frame-time overlay.
type App struct {
	W, H      float64
	dev       float64 // the screen's scale factor, from the last layout
	opt       options
	scene     Scene
	toast     string
	toastT    float64
	tick      int          // updates since the start (60 a second while awake)
	avoid     [][4]float64 // x, y, w, h of panels drawn this frame (a hover card, the dice) the toast keeps clear of
	toastRoom [2]float64   // x0, x1: the notice stays between them this frame (0, 0: the whole window)
	dlg       *dialog
	help      bool
	perf      bool
	speed     float64

	prev      time.Time
	frameMs   float64
	updateMs  float64
	lastClick bool
	idle      idleState             // see app_idle.go
	why       bool                  // engine detail shown on cards and in the log (Y)
	painted   int                   // frames painted (the first shows only the table's overview)
	net       netplay.WindowOptions // hedgerow host / join in the window (net_run.go)
	cpu       cpuChoice             // who plays each side of the battle being set up, the computer's pace (computer.go)
}

type dialog struct {
	title, body string
	buttons     []button
	onClose     func(choice int)
	cancel      int // button Esc chooses
}

// Run opens the game window. Flags:
//
//	--scenario NAME|FILE  start this scenario (skips the title)
//	--map NAME|FILE       just look at a map
//	--seed N              dice seed (default: the scenario's, else the clock)
//	--autosave PATH       where to autosave (default: user config dir)
//	--speed X             animation speed (1 normal)
//	--no-resume           do not offer to resume an autosave (the title neither)
//	--window WxH          the window's size at start (default 1280x800)
func Run(args []string) error { return run(args, nil) }

// run opens the window on first's scene (nil: the title, or what the
// flags ask for).
func run(args []string, first func(a *App) Scene) error {
	// The flags are read by package gameflags, which cmd/early uses to
	// refuse a mistake before Ebiten starts.
	f, err := gameflags.Parse(args)
	if err != nil {
		return err
	}
	o := options{scenario: f.Scenario, mapName: f.Map, seed: f.Seed, hasSeed: f.HasSeed,
		autosave: f.Autosave, speed: f.Speed, noResume: f.NoResume, winW: f.WinW, winH: f.WinH}
	if o.autosave == "" {
		if dir, err := os.UserConfigDir(); err == nil {
			o.autosave = filepath.Join(dir, "hedgerow", "autosave.save")
		}
	}
	a := &App{opt: o, speed: math.Max(0.25, math.Min(8, o.speed))}
	a.dev = ebiten.Monitor().DeviceScaleFactor()
	if a.dev <= 0 {
		a.dev = 1
	}
	art.Device, art.UIScale = a.dev, a.dev // and the window's share, from the first layout on
	ebiten.SetWindowTitle("Hedgerow")
	ebiten.SetWindowIcon([]image.Image{assets.Icon(16), assets.Icon(32), assets.Icon(64)})
	mw, mh := ebiten.Monitor().Size()
	ebiten.SetWindowSize(fitWindow(o.winW, o.winH, mw, mh))
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // an idle table is not redrawn (app_idle.go)
	if first != nil {
		a.scene = first(a) // hedgerow host / join (net_run.go)
	} else {
		a.scene = a.firstScene()
	}
	return ebiten.RunGame(a)
}

// fitWindow is the window's size at start: w x h, or when that is larger
// than the screen (mw x mh, unknown when 0), the largest of the same
// shape that leaves room for a title bar and a task bar, so that the
// bottom of every scene (the Ready bar, the action bar) is on screen.
func fitWindow(w, h, mw, mh int) (int, int) {
	if mw <= 0 || mh <= 0 || (w <= mw && h <= mh) {
		return w, h
	}
	const margin = 64 // a title bar and a task bar
	aw, ah := mw, max(mh-margin, mh*9/10)
	if w*ah > h*aw { // wider than the room: fit the width
		return aw, max(1, h*aw/w)
	}
	return max(1, w*ah/h), ah
}

// LayoutF uses device pixels so everything stays sharp on HiDPI screens.
// The interface (panels, bar, cards, text) is drawn a little larger in a
// large window, so that its words stay as easy to read on a 1920x1080
// screen as on a laptop's.
func (a *App) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	a.dev = s
	art.Device, art.UIScale = s, s*windowScale(w, h)
	return w * s, h * s
}

// windowScale is how much larger than at 1280x800 the interface is drawn
// in a window of w x h (in the screen's own points): not at all up to
// 1280x800 (nor smaller, where room is short), then growing at half the
// rate the window does, to at most 1.35 (1920x1080 gives about 1.19).
func windowScale(w, h float64) float64 {
	f := min(w/1280, h/800)
	return max(1, min(1.35, 1+(f-1)*0.55))
}

// Layout is required by ebiten.Game; LayoutF takes precedence.
func (a *App) Layout(w, h int) (int, int) { return w, h }

// device is the screen's scale factor (pixels per point; 1 but on HiDPI).
func (a *App) device() float64 {
	if a.dev <= 0 {
		return 1
	}
	return a.dev
}

func (a *App) modal() bool { return a.dlg != nil || a.help }

// Toast shows a short message near the bottom of the screen.
func (a *App) Toast(format string, args ...any) {
	a.toast = fmt.Sprintf(format, args...)
	a.toastT = 3.5
	toastNow = a.toast
}

// Dialog shows a modal message with buttons; onClose gets the index.
func (a *App) Dialog(title, body string, labels []string, onClose func(int)) {
	d := &dialog{title: title, body: body, onClose: onClose}
	for _, l := range labels {
		d.buttons = append(d.buttons, button{label: l})
	}
	d.cancel = len(labels) - 1
	a.dlg = d
	a.poke() // shown at once, even when it comes with no input (the network giving up)
}

// Fail shows an error (with its file:line:col when it has one) and returns
// to the title.
func (a *App) Fail(what string, err error) {
	a.Dialog(what, err.Error(), []string{"Back to the menu"}, func(int) { a.scene = newTitle(a) })
}

func (a *App) Update() (err error) {
	defer func() {
		// A bug must not lose the player's battle: it is autosaved, so say
		// what went wrong and go back to the title, from which it resumes.
		if r := recover(); r != nil {
			a.dlg = nil
			a.scene = newTitle(a)
			a.Fail("Something went wrong", fmt.Errorf("%v (the battle was autosaved; resume it from the title)", r))
			err = nil
		}
	}()
	defer a.wake()
	a.tick++
	t0 := time.Now()
	now := time.Now()
	dt := 1.0 / 60
	if !a.prev.IsZero() {
		dt = math.Min(0.1, now.Sub(a.prev).Seconds())
	}
	a.prev = now
	w, h := ebiten.WindowSize()
	a.W, a.H = float64(w)*a.device(), float64(h)*a.device()
	if a.toastT > 0 {
		a.toastT -= dt
		if a.toastT <= 0 {
			toastNow = ""
		}
	}
	if keys.Pressed(keys.ActHelp) {
		a.help = !a.help
	}
	if keys.Pressed(keys.ActPerf) {
		a.perf = !a.perf
	}
	if keys.Pressed(keys.ActWhy) && !a.typingText() {
		a.why = !a.why
		if a.why {
			a.Toast("Why: sight rays and the rule behind each roll are shown. Y hides them.")
		} else {
			a.Toast("Engine detail hidden. Y shows why.")
		}
	}
	if keys.Pressed(keys.ActFullscreen) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if a.help && (keys.Pressed(keys.ActCancel) || inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)) {
		a.help = false
		return nil
	}
	if a.dlg != nil {
		if b, ok := a.scene.(*battle); ok && b.tl.Busy() {
			b.playOut() // nothing moves behind a dialog: no dice left tumbling (net.go)
		}
		a.updateDialog()
		return nil
	}
	err = a.scene.Update(a, dt)
	a.updateMs = float64(time.Since(t0).Microseconds()) / 1000
	return err
}

func (a *App) Draw(dst *ebiten.Image) {
	frames++
	if !a.shouldDraw() {
		a.doze()
		return // nothing has changed: the last frame stays on screen
	}
	t0 := time.Now()
	b := dst.Bounds()
	a.W, a.H = float64(b.Dx()), float64(b.Dy())
	defer func() {
		if r := recover(); r != nil {
			art.Batch = nil
			a.scene = newTitle(a)
			a.Fail("Something went wrong while drawing", fmt.Errorf("%v", r))
		}
	}()
	a.painted++
	if a.painted == 1 && a.firstFrame(dst) {
		return // the overview fills the whole screen itself
	}
	dst.Clear()
	art.BeginBatch(dst, false)
	a.avoid, a.toastRoom = a.avoid[:0], [2]float64{}
	a.scene.Draw(a, dst)
	if a.toastT > 0 && a.toast != "" {
		a.drawToast(dst)
	}
	if a.dlg != nil {
		a.drawDialog(dst)
	}
	if a.help {
		a.drawHelp(dst)
	}
	if a.perf {
		s := fmt.Sprintf("draw %.2f ms  update %.2f ms  %.0f fps  %.0f tps", a.frameMs, a.updateMs, ebiten.ActualFPS(), ebiten.ActualTPS())
		art.RoundRect(dst, 8*art.UIScale, 8*art.UIScale, art.TextW(s, art.Face(12))+16*art.UIScale, 22*art.UIScale, 4*art.UIScale, art.RGBA(0x000000, 200))
		art.Say(dst, s, art.Face(12), 16*art.UIScale, 11*art.UIScale, art.RGB(0x9cff9c), 0)
	}
	art.EndBatch()
	a.frameMs = a.frameMs*0.9 + 0.1*float64(time.Since(t0).Microseconds())/1000
}

// toastBox places the toast: low in the middle of the window, or at the
// top of the table when there it would hide a panel drawn this frame (a
// shot's odds, a figure's state, the dice).
func (a *App) toastBox() (x, y, w, h float64, lines []string) {
	f := art.Face(15)
	// within the room the scene gives (the battle: the table's part of
	// the window, so that a notice never runs over the log beside it)
	rx0, rx1 := 0.0, a.W
	if a.toastRoom[1] > a.toastRoom[0] {
		rx0, rx1 = a.toastRoom[0], a.toastRoom[1]
	}
	maxW := min(640*art.UIScale, rx1-rx0-64*art.UIScale)
	lines = art.Wrap(a.toast, f, maxW)
	tw := 0.0
	for _, l := range lines {
		tw = math.Max(tw, art.TextW(l, f))
	}
	w = tw + 32*art.UIScale
	h = float64(len(lines))*f.Size*1.35 + 18*art.UIScale
	x, y = (rx0+rx1)/2-w/2, a.H-150*art.UIScale-h
	// the first place that hides nothing drawn this frame the scene
	// asked to keep clear (panels, the dice, the figures on the table):
	// low in the middle, at the top, then down the window and to its
	// sides; none clear, the place that hides the fewest
	hides := func(x, y float64) int {
		n := 0
		for _, c := range a.avoid {
			if rectsOverlap(x, y, w, h, c[0], c[1], c[2], c[3]) {
				n++
			}
		}
		return n
	}
	best, bx, by := hides(x, y), x, y
	if best == 0 {
		return
	}
	for _, ty := range append([]float64{64 * art.UIScale}, a.toastRows(h)...) {
		for _, tx := range []float64{x, rx0 + 16*art.UIScale, rx1 - w - 16*art.UIScale} {
			if n := hides(tx, ty); n < best {
				best, bx, by = n, tx, ty
			}
			if best == 0 {
				return bx, by, w, h, lines
			}
		}
	}
	return bx, by, w, h, lines
}

// toastRows are the heights tried for a toast h high, top to bottom.
func (a *App) toastRows(h float64) []float64 {
	var ys []float64
	for y := 48 * art.UIScale; y+h < a.H-8*art.UIScale; y += 24 * art.UIScale {
		ys = append(ys, y)
	}
	return ys
}

// keepClear marks a panel the toast must not cover this frame.
func (a *App) keepClear(x, y, w, h float64) { a.avoid = append(a.avoid, [4]float64{x, y, w, h}) }

// keepToastWithin keeps this frame's notice between x0 and x1.
func (a *App) keepToastWithin(x0, x1 float64) { a.toastRoom = [2]float64{x0, x1} }

// rectsOverlap tells whether two rectangles (x, y, w, h) share any area.
func rectsOverlap(x, y, w, h, x2, y2, w2, h2 float64) bool {
	return x < x2+w2 && x2 < x+w && y < y2+h2 && y2 < y+h
}

func (a *App) drawToast(dst *ebiten.Image) {
	f := art.Face(15)
	x, y, w, h, lines := a.toastBox()
	lh := f.Size * 1.35
	alpha := math.Min(1, a.toastT/0.4)
	art.RoundRect(dst, x, y, w, h, 8*art.UIScale, art.RGBA(0x3a1a12, uint8(235*alpha)))
	art.RectLine(dst, x, y, w, h, 1.5*art.UIScale, art.RGBA(0xe8a070, uint8(255*alpha)))
	for i, l := range lines {
		art.Say(dst, l, f, x+w/2, y+9*art.UIScale+float64(i)*lh, art.RGBA(0xfff0e0, uint8(255*alpha)), 1)
	}
}

func (a *App) dialogBox() (x, y, w, h float64, lines []string) {
	f := art.Face(15)
	w = math.Min(680*art.UIScale, a.W-40*art.UIScale)
	lines = art.Wrap(a.dlg.body, f, w-40*art.UIScale)
	h = 90*art.UIScale + float64(len(lines))*f.Size*1.4 + 50*art.UIScale
	x, y = a.W/2-w/2, a.H/2-h/2
	return
}

func (a *App) updateDialog() {
	x, y, w, h, _ := a.dialogBox()
	bx := x + w - 20*art.UIScale
	for i := len(a.dlg.buttons) - 1; i >= 0; i-- {
		b := &a.dlg.buttons[i]
		b.w = art.TextW(b.label, art.BoldFace(14)) + 30*art.UIScale
		b.h = 32 * art.UIScale
		bx -= b.w
		b.x, b.y = bx, y+h-b.h-16*art.UIScale
		bx -= 10 * art.UIScale
	}
	writeProbe(probe{Scene: "dialog", Buttons: probeButtons(a.dlg.buttons)})
	choice := -1
	for i := range a.dlg.buttons {
		if a.dlg.buttons[i].clicked() {
			choice = i
		}
	}
	if keys.Pressed(keys.ActEnd) {
		choice = 0
	}
	if keys.Pressed(keys.ActCancel) {
		choice = a.dlg.cancel
	}
	if choice >= 0 {
		d := a.dlg
		a.dlg = nil
		if d.onClose != nil {
			d.onClose(choice)
		}
	}
}

func (a *App) drawDialog(dst *ebiten.Image) {
	art.Rect(dst, 0, 0, a.W, a.H, art.RGBA(0x000000, 140))
	x, y, w, h, lines := a.dialogBox()
	art.RoundRect(dst, x+4*art.UIScale, y+6*art.UIScale, w, h, 10*art.UIScale, art.RGBA(0x000000, 120))
	art.RoundRect(dst, x, y, w, h, 10*art.UIScale, art.RGB(0xefe6d2))
	art.Rect(dst, x, y+48*art.UIScale, w, 2*art.UIScale, art.RGB(0x8a6a44))
	art.Say(dst, a.dlg.title, art.BoldFace(19), x+20*art.UIScale, y+14*art.UIScale, art.RGB(0x2b2418), 0)
	f := art.Face(15)
	for i, l := range lines {
		art.Say(dst, l, f, x+20*art.UIScale, y+64*art.UIScale+float64(i)*f.Size*1.4, art.RGB(0x2b2418), 0)
	}
	for i := range a.dlg.buttons {
		a.dlg.buttons[i].draw(dst, i == 0)
	}
}

func (a *App) drawHelp(dst *ebiten.Image) {
	art.Rect(dst, 0, 0, a.W, a.H, art.RGBA(0x000000, 160))
	w := math.Min(860*art.UIScale, a.W-40*art.UIScale)
	lines := keys.HelpLines()
	// each description wraps in its column; a short window takes smaller
	// letters, so nothing runs off the card or the screen
	var (
		fs, lh, keyW, h float64
		rows            [][]string
	)
	for _, fs = range []float64{14, 13, 12, 11, 10} {
		lh = fs * 1.55 * art.UIScale
		keyW = 0
		for _, l := range lines {
			keyW = math.Max(keyW, art.TextW(l[0], art.BoldFace(fs)))
		}
		keyW += 24 * art.UIScale
		rows = rows[:0]
		n := 0
		for _, l := range lines {
			r := art.Wrap(l[1], art.Face(fs), w-48*art.UIScale-keyW)
			rows = append(rows, r)
			n += max(1, len(r))
		}
		h = float64(n)*lh + 80*art.UIScale
		if h <= a.H-20*art.UIScale {
			break
		}
	}
	x, y := a.W/2-w/2, math.Max(10*art.UIScale, a.H/2-h/2)
	art.RoundRect(dst, x, y, w, h, 10*art.UIScale, art.RGB(0xefe6d2))
	art.Say(dst, "Keys and mouse", art.BoldFace(20), x+24*art.UIScale, y+16*art.UIScale, art.RGB(0x2b2418), 0)
	yy := y + 58*art.UIScale
	for i, l := range lines {
		art.Say(dst, l[0], art.BoldFace(fs), x+24*art.UIScale, yy, art.RGB(0x5a3a1e), 0)
		for k, d := range rows[i] {
			art.Say(dst, d, art.Face(fs), x+24*art.UIScale+keyW, yy+float64(k)*lh, art.RGB(0x2b2418), 0)
		}
		yy += float64(max(1, len(rows[i]))) * lh
	}
	art.Say(dst, "click or Esc to close", art.ItalicFace(12), x+w-24*art.UIScale, y+h-22*art.UIScale, art.RGB(0x6a5a48), 2)
}

// button is a clickable label.
type button struct {
	x, y, w, h float64
	label      string
	full       string  // the whole label before a crowded bar shortened it (shown while pointed at)
	short      string  // the label on a crowded bar ("" = label)
	strong     bool    // drawn stronger (ends a phase or go)
	hintOnly   bool    // gives no command, only says what to do (dropped first from a crowded bar)
	endSlot    bool    // the end Enter gives, in its fixed place at the bar's right end
	size       float64 // the label's font size (0: 14, smaller on a crowded bar)
	key        string  // hotkey shown on the button
	fixedKey   bool    // key is its own (Undo's Ctrl+Z), never a number of the bar
	disabled   bool
	hint       string
	slot       string         // the kind of action it gives, which keeps its number through a step (stableSlots)
	slotN      int            // its number on the bar (0: by its place)
	ghost      bool           // a greyed stand-in for an action not allowed now, keeping its place (stableSlots)
	cmd        *rules.Command // the command it gives at once, if any (its odds show while pointed at)
	// roomy: the label only where it takes at most half the bar, else
	// short (a vehicle's gun with its crewman, "Fire: MMG (coaxial or
	// hull) — Cpl Ruiz...", read as cut at the name on a small window)
	roomy bool
}

func (b *button) hover() bool {
	mx, my := cursor()
	return mx >= b.x && mx < b.x+b.w && my >= b.y && my < b.y+b.h
}

func (b *button) clicked() bool {
	return !b.disabled && b.hover() && inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
}

func (b *button) draw(dst *ebiten.Image, primary bool) {
	bg := art.RGB(0x5a4630)
	if primary {
		bg = art.RGB(0x7a3a22)
	}
	if b.hover() && !b.disabled {
		bg = art.Shade(bg, 1.3)
	}
	fg := color.Color(art.RGB(0xfbf3e0))
	if b.disabled {
		bg = art.RGB(0x4a4440)
		fg = art.RGB(0x9a928a)
	}
	art.RoundRect(dst, b.x, b.y+2*art.UIScale, b.w, b.h, 6*art.UIScale, art.RGBA(0x000000, 90))
	art.RoundRect(dst, b.x, b.y, b.w, b.h, 6*art.UIScale, bg)
	f := art.BoldFace(b.fontSize())
	lbl := b.label
	if b.key != "" {
		lbl = b.key + "  " + lbl
	}
	art.Say(dst, lbl, f, b.x+b.w/2, b.y+b.h/2-f.Size*0.62, fg, 1)
}

// fontSize is the size of the button's label.
func (b *button) fontSize() float64 {
	if b.size > 0 {
		return b.size
	}
	return 14
}

func clicked() bool { return inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) }

func cursor() (float64, float64) {
	if pointerAt != nil {
		return pointerAt()
	}
	x, y := ebiten.CursorPosition()
	return float64(x), float64(y)
}

// pointerAt, when set (by a test), is where cursor says the pointer is.
var pointerAt func() (float64, float64)

// firstFrame puts the table's overview on screen on the very first frame
// of a scene with a table, and nothing else: the desk, the frame and the
// whole table plainly, each piece in its main colour (no painted detail,
// no text, no figures), so something shows as soon as the window does.
// The full scene follows on the next frame. It reports whether it drew.
func (a *App) firstFrame(dst *ebiten.Image) bool {
	var tv *tableView
	switch s := a.scene.(type) {
	case *deploy:
		tv = s.tv
	case *battle:
		tv = s.tv
	case *mapScene:
		tv = s.tv
	}
	if tv == nil {
		return false
	}
	art.BeginBatch(dst, false)
	tv.drawOverview(dst)
	art.EndBatch()
	a.idle.redraw = max(a.idle.redraw, redrawFrames) // the detail comes next
	return true
}

// typingText reports whether the screen is taking typed text (a save's
// name, the host's address, a chat line): a letter then belongs to the
// text, never to a key of the game (Y would toggle the why view).
func (a *App) typingText() bool {
	switch s := a.scene.(type) {
	case *saveAs, *joinScreen:
		return true
	case *battle:
		return s.net != nil && s.net.typing
	}
	return false
}
