package game

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"hedgerow/game/art"
	"hedgerow/game/content"
	"hedgerow/game/keys"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// The Host and Join screens (issue 27): the host picks the scenario
// (the scenario list) and a side, then waits with the address and a check
// code on screen; the joiner types the address, sees the battle on offer
// and joins. Each screen's network work runs on its own goroutine.

// DefaultListen is where a host in the window listens: every address of
// this machine, port 7272 (TCP).
const DefaultListen = "0.0.0.0:7272"

// netPanel draws the parchment box the network screens are written on.
func netPanel(a *App, dst *ebiten.Image, head string) (x, y, w float64) {
	dst.Fill(colDesk)
	w = min(720*art.UIScale, a.W-40*art.UIScale)
	x, y = a.W/2-w/2, 40*art.UIScale
	art.RoundRect(dst, x, y, w, a.H-120*art.UIScale, 10*art.UIScale, art.RGB(0xefe6d2))
	art.Say(dst, head, art.BoldFace(22), x+24*art.UIScale, y+18*art.UIScale, art.ColInk, 0)
	return x + 24*art.UIScale, y + 64*art.UIScale, w - 48*art.UIScale
}

// sayLines writes text wrapped to w from y and returns where it ended.
func sayLines(dst *ebiten.Image, s string, size float64, x, y, w float64) float64 {
	f := art.Face(size)
	for _, para := range strings.Split(s, "\n") {
		for _, l := range art.Wrap(para, f, w) {
			art.Say(dst, l, f, x, y, art.ColInk, 0)
			y += size * 1.45 * art.UIScale
		}
	}
	return y
}

// ---- hosting ----

// newHostChooser is the scenario list, whose choice goes on to the side.
func newHostChooser(a *App) Scene {
	c := newChooser(a).(*chooser)
	c.pick = func(a *App, sc *rules.Scenario, m *terrain.Map) Scene { return newHostSide(sc, m) }
	return c
}

// hostSide asks which side the host plays.
type hostSide struct {
	sc      *rules.Scenario
	m       *terrain.Map
	buttons []button
}

func newHostSide(sc *rules.Scenario, m *terrain.Map) Scene { return &hostSide{sc: sc, m: m} }

func (s *hostSide) Update(a *App, dt float64) error {
	writeProbe(probe{Scene: "hostside", Choice: s.sc.File, Buttons: probeButtons(s.buttons)})
	s.buttons = s.buttons[:0]
	for side := 0; side < 2; side++ {
		s.buttons = append(s.buttons, button{x: a.W/2 - 300*art.UIScale + float64(side)*310*art.UIScale, y: 260 * art.UIScale, w: 290 * art.UIScale, h: 44 * art.UIScale,
			label: "Play " + s.sc.Sides[side].Name})
	}
	s.buttons = append(s.buttons, button{x: a.W/2 - 60*art.UIScale, y: a.H - 140*art.UIScale, w: 120 * art.UIScale, h: 40 * art.UIScale, label: "Back", key: "Esc"})
	for i := 0; i < 2; i++ {
		if s.buttons[i].clicked() {
			if next := a.hostBattle(s.sc, s.m, i, a.netListen()); next != nil {
				a.scene = next
			}
			return nil
		}
	}
	if s.buttons[2].clicked() || keys.Pressed(keys.ActCancel) {
		a.scene = newHostChooser(a)
	}
	return nil
}

func (s *hostSide) Draw(a *App, dst *ebiten.Image) {
	x, y, w := netPanel(a, dst, "Host a network battle: "+s.sc.Name)
	where := "at " + a.netListen() + " (TCP)"
	if h, p, err := net.SplitHostPort(a.netListen()); err == nil && (h == "" || net.ParseIP(h) != nil && net.ParseIP(h).IsUnspecified()) {
		where = "on TCP port " + p + ", on every network this machine is on"
	}
	sayLines(dst, "Which side do you play? The other player, joining from another machine, plays the other. Your Hedgerow keeps the battle and rolls its dice; it waits for the other player "+where+".", 15, x, y, w)
	for i := range s.buttons {
		s.buttons[i].draw(dst, i < 2)
	}
}

// netListen is where the host listens (--listen, else DefaultListen).
func (a *App) netListen() string {
	if a.net.Listen != "" {
		return a.net.Listen
	}
	return DefaultListen
}

// hostWait shows the address to give and waits for the other player.
type hostWait struct {
	b       *battle
	sc      *rules.Scenario
	addrs   []string
	port    string
	code    string
	mu      sync.Mutex
	err     error
	buttons []button
	// deploy, when set, opens the host's deployment once the other
	// player has joined
	deploy func(a *App) Scene
}

// hostBattle starts hosting sc with the host playing side: the network
// battle (netplay, with its own game and dice), and the window's battle
// of the same seed, which plays every command the host's game takes.
func (a *App) hostBattle(sc *rules.Scenario, m *terrain.Map, side int, listen string) Scene {
	rs, ok := all.Get(sc.RuleSet)
	if !ok {
		a.Fail("The battle cannot be hosted", fmt.Errorf("%s: rule set %q is not in this build", sc.File, sc.RuleSet))
		return nil
	}
	seed := a.seedFor(sc)
	nb, err := netplay.NewBattle(rs, sc, m, seed, side)
	if err != nil {
		a.Fail("The battle cannot be hosted", err)
		return nil
	}
	g, evs, err := rules.NewGame(rs, sc, m, seed)
	if err != nil {
		a.Fail("The battle cannot be hosted", err)
		return nil
	}
	// a new battle hosted from the title autosaves over the last one
	// (newBattle) as one started at the desk does: an unfinished one is
	// kept first, and the log says so
	kept := a.keepUnfinishedAutosave()
	s := a.hostServe(nb, g, evs, sc, m, listen, true)
	if w, ok := s.(*hostWait); ok && kept != "" {
		w.b.log = append(w.b.log, logEntry{text: kept, side: -1})
		a.Toast("%s", kept)
	}
	return s
}

// hostServe listens and serves nb, with g (a game in step with it: the
// same seed and commands) on the window's table.
// With deploy, both sides deploy first (a new battle).
func (a *App) hostServe(nb *netplay.Battle, g *rules.Game, evs []rules.Event, sc *rules.Scenario, m *terrain.Map, listen string, deploy bool) Scene {
	rs, side := nb.G.RS, nb.HostSide
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		a.Fail("The battle cannot be hosted", fmt.Errorf("cannot listen on %s: %v (another program, or another Hedgerow, may have that port; --listen ADDRESS:PORT picks another)", listen, err))
		return nil
	}
	b := newBattle(a, g, evs)
	n := &netLink{host: true, local: side, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 8), turnAt: -1}
	b.netJoin(n)
	w := &hostWait{b: b, sc: sc}
	keepListen(a.opt.autosave, listen) // "Host it again" listens where this did
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	w.port = port
	w.addrs = localAddrs(host, port)
	ctx, cancel := context.WithCancel(context.Background())
	n.stop = cancel
	h := &netplay.Host{B: nb, Local: n.out, Chat: n.chat, Notify: n.notify, Deploy: deploy, ChatFile: netplay.ChatFile(a.opt.autosave)}
	if deploy {
		nd := &netDeploy{link: n, place: make(chan []string, 1)}
		h.LocalPlace = nd.place
		seed := nb.G.Seed
		nd.open = func(a *App, no netplay.Note) Scene {
			if no.Kind != netplay.NStarted {
				return nil
			}
			g, evs, err := rules.NewGame(rs, no.Sc, m, seed)
			if err != nil {
				a.Fail("The battle cannot start", err)
				return nil
			}
			b := newBattle(a, g, evs)
			b.netJoin(n)
			a.Toast("Both sides have deployed: the battle begins.")
			return b
		}
		w.deploy = func(a *App) Scene { return a.netDeployScene(nb.G.Scenario, m, side, nd) }
	}
	go func() {
		rh, err := netplay.RulesHash(rs, nb.Opening(), m)
		if err != nil {
			w.fail(err)
			ln.Close()
			return
		}
		h.RulesHash = rh
		w.mu.Lock()
		w.code = netplay.CheckCode(nb.G.Scenario.Hash, rh)
		w.mu.Unlock()
		err = h.Serve(ctx, ln)
		if err != nil && !errors.Is(err, context.Canceled) {
			w.fail(err)
		}
		n.finish(err)
	}()
	return w
}

func (w *hostWait) fail(err error) {
	w.mu.Lock()
	w.err = err
	w.mu.Unlock()
}

// localAddrs are the addresses a player on another machine may reach
// this one at: the listener's own when it is one address, else this
// machine's (IPv4 first, loopback last).
func localAddrs(host, port string) []string {
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
		return []string{net.JoinHostPort(host, port)}
	}
	var out, loop []string
	ifs, _ := net.InterfaceAddrs()
	for _, ad := range ifs {
		ipn, ok := ad.(*net.IPNet)
		if !ok || ipn.IP.IsLinkLocalUnicast() {
			continue
		}
		s := net.JoinHostPort(ipn.IP.String(), port)
		switch {
		case ipn.IP.IsLoopback():
			loop = append(loop, s)
		case ipn.IP.To4() != nil:
			out = append([]string{s}, out...)
		default:
			out = append(out, s)
		}
	}
	return append(out, loop...)
}

// netJoin makes b a network battle: the local side is played here, with
// no curtain; the other is remote.
func (b *battle) netJoin(n *netLink) {
	b.net = n
	b.shown = n.local
	b.curtain = false
	b.drivers[1-n.local] = drvRemote // the other side plays on its own machine (computer.go)
	b.g.Players = b.drivers.saved()  // the host's autosave can be hosted again (app_autosave.go)
	if b.g.OnCommit != nil {
		b.g.OnCommit(b.g) // written now, not at the first command: a host stopped before it is offered to host again too
	}
	b.refresh()
}

func (w *hostWait) Update(a *App, dt float64) error {
	w.mu.Lock()
	err, code := w.err, w.code
	w.mu.Unlock()
	writeProbe(probe{Scene: "hostwait", Choice: w.sc.File, Buttons: probeButtons(w.buttons), Hint: code})
	w.buttons = []button{{x: a.W/2 - 70*art.UIScale, y: a.H - 140*art.UIScale, w: 140 * art.UIScale, h: 40 * art.UIScale, label: "Stop hosting", key: "Esc"}}
	if err != nil {
		w.b.net.stop()
		a.Fail("The battle could not be hosted", err)
		return nil
	}
	if w.buttons[0].clicked() || keys.Pressed(keys.ActCancel) {
		w.b.net.stop()
		a.scene = newTitle(a)
		return nil
	}
	notes, _, _ := w.b.net.take()
	for _, no := range notes {
		w.b.netNote(a, no)
	}
	if w.b.net.connected {
		a.Toast("The other player has joined.")
		a.scene = w.b
		if w.deploy != nil {
			if s := w.deploy(a); s != nil {
				a.scene = s
			}
		}
	}
	return nil
}

func (w *hostWait) Draw(a *App, dst *ebiten.Image) {
	x, y, tw := netPanel(a, dst, "Hosting "+w.sc.Name)
	w.mu.Lock()
	code := w.code
	w.mu.Unlock()
	if code == "" {
		code = "(working it out...)"
	}
	s := w.b.st()
	y = sayLines(dst, fmt.Sprintf("You play %s; the other player plays %s.", s.Sides[w.b.net.local].Name, s.Sides[1-w.b.net.local].Name), 15, x, y, tw)
	y += 10 * art.UIScale
	y = sayLines(dst, "Give the other player one of these addresses (they type it under Join a network battle, or run  hedgerow join ADDRESS):", 15, x, y, tw)
	for i, ad := range w.addrs {
		if i < 5 {
			art.Say(dst, ad, art.BoldFace(18), x+20*art.UIScale, y+2*art.UIScale, art.ColInk, 0)
			y += 28 * art.UIScale
		}
	}
	y += 8 * art.UIScale
	y = sayLines(dst, "Check code: "+code+"   (the other player sees the same code before joining: the same scenario and rules)", 15, x, y, tw)
	y += 8 * art.UIScale
	y = sayLines(dst, "From outside your home network the address is your router's public one: forward TCP port "+w.port+" on the router to this machine, and let it through the firewall.", 13, x, y, tw)
	dots := strings.Repeat(".", 1+int(time.Now().UnixMilli()/500)%3)
	art.Say(dst, "Waiting for the other player"+dots, art.ItalicFace(16), x, y+14*art.UIScale, art.ColInk, 0)
	for i := range w.buttons {
		w.buttons[i].draw(dst, false)
	}
}

// ---- joining ----

// joinScreen takes the host's address, shows the battle it offers and
// joins it.
type joinScreen struct {
	addr    []rune
	offer   *netplay.Offer
	sc      *rules.Scenario
	looking bool
	joining bool
	last    bool // the address is the one last joined
	nd      *netDeploy
	mu      sync.Mutex
	got     *netplay.Offer
	err     error
	link    *netLink
	buttons []button
}

func newJoinScreen(addr string) *joinScreen {
	j := &joinScreen{addr: []rune(addr)}
	if addr == "" {
		// the host last joined: a player whose game stopped joins again
		// (and is brought back to the present) with one key
		if last := lastHost(); last != "" {
			j.addr, j.last = []rune(last), true
		}
	}
	if len(j.addr) > 0 {
		j.look()
	}
	return j
}

// lastHostFile keeps the address last joined.
// listenFile is where a hosted battle's autosave keeps the address it
// listened on (beside the autosave), so that hosting it again after a
// restart listens there too, not on the default port.
func listenFile(autosave string) string {
	if autosave == "" {
		return ""
	}
	return strings.TrimSuffix(autosave, filepath.Ext(autosave)) + ".listen"
}

func keepListen(autosave, listen string) {
	if p := listenFile(autosave); p != "" {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(listen+"\n"), 0o644)
	}
}

// hostedListen is the address the autosaved battle was hosted on, else
// the window's (--listen, or the default).
func (a *App) hostedListen() string {
	if a.net.Listen == "" {
		if b, err := os.ReadFile(listenFile(a.opt.autosave)); err == nil {
			if l := strings.TrimSpace(string(b)); l != "" {
				return l
			}
		}
	}
	return a.netListen()
}

func lastHostFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "hedgerow", "last-host")
}

func lastHost() string {
	p := lastHostFile()
	if p == "" {
		return ""
	}
	data, err := os.ReadFile(p)
	if err != nil || len(data) > 300 {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// hostAddr is the address as typed, with the default port when none.
func (j *joinScreen) hostAddr() string {
	s := strings.TrimSpace(string(j.addr))
	if s == "" || strings.HasPrefix(s, "ws://") {
		return s
	}
	if _, _, err := net.SplitHostPort(s); err != nil {
		_, port, _ := net.SplitHostPort(DefaultListen)
		return net.JoinHostPort(strings.Trim(s, "[]"), port)
	}
	return s
}

// look asks the host what it offers, off the drawing thread.
func (j *joinScreen) look() {
	j.looking, j.offer, j.sc, j.err = true, nil, nil, nil
	addr := j.hostAddr()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		defer cancel()
		o, err := netplay.Peek(ctx, addr)
		j.mu.Lock()
		j.got, j.err = o, err
		j.looking = false
		j.mu.Unlock()
	}()
}

func (j *joinScreen) Update(a *App, dt float64) error {
	j.mu.Lock()
	looking, got := j.looking, j.got
	j.got = nil
	j.mu.Unlock()
	if got != nil {
		sc, _, lerr := all.LoadScenario(content.ScenariosFS, got.Scenario, content.MapsFS)
		if lerr != nil {
			j.mu.Lock()
			j.err = fmt.Errorf("the host offers %q, which this Hedgerow cannot load: %v", got.Scenario, lerr)
			j.mu.Unlock()
		} else {
			j.offer, j.sc = got, sc
		}
	}
	label := "Look"
	if j.offer != nil {
		label = "Join"
	}
	j.buttons = []button{
		{x: a.W/2 + 40*art.UIScale, y: a.H - 140*art.UIScale, w: 160 * art.UIScale, h: 40 * art.UIScale, label: label, key: "Enter", disabled: looking || j.joining},
		{x: a.W/2 - 200*art.UIScale, y: a.H - 140*art.UIScale, w: 160 * art.UIScale, h: 40 * art.UIScale, label: "Back", key: "Esc"},
	}
	writeProbe(probe{Scene: "join", Buttons: probeButtons(j.buttons), Choice: func() string {
		if j.offer != nil {
			return j.offer.Scenario
		}
		return ""
	}()})
	if j.link != nil {
		notes, done, lerr := j.link.take()
		for i, no := range notes {
			if no.Kind == netplay.NWelcome && no.State != nil {
				a.scene = j.startBattle(a, no)
				j.link.putBack(notes[i+1:]) // (played out by the battle)
				return nil
			}
			if no.Kind == netplay.NDeploy && no.Sc != nil {
				j.link.connected = true
				s := a.netDeployScene(no.Sc, no.Map, no.Side, j.nd)
				if dd, ok := s.(*deploy); ok && no.Text == "ready" {
					dd.netw.sent, dd.netw.waiting = true, true
				}
				a.scene = s
				j.link.putBack(notes[i+1:]) // (played out by the deployment)
				return nil
			}
		}
		if done {
			j.joining, j.link = false, nil
			if lerr != nil {
				j.mu.Lock()
				j.err = lerr
				j.mu.Unlock()
			}
		}
		if keys.Pressed(keys.ActCancel) || j.buttons[1].clicked() {
			if j.link != nil {
				j.link.stop()
			}
			a.scene = newTitle(a)
		}
		return nil
	}
	if keys.Pressed(keys.ActCancel) || j.buttons[1].clicked() {
		a.scene = newTitle(a)
		return nil
	}
	before := len(j.addr)
	j.addr = ebiten.AppendInputChars(j.addr)
	if len(j.addr) > 200 {
		j.addr = j.addr[:200]
	}
	if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); (d == 1 || (d > 30 && d%3 == 0)) && len(j.addr) > 0 {
		j.addr = j.addr[:len(j.addr)-1]
	}
	if len(j.addr) != before {
		j.offer, j.sc, j.last = nil, nil, false // another address: look again
	}
	if (keys.Pressed(keys.ActEnd) || j.buttons[0].clicked()) && !j.buttons[0].disabled {
		if j.offer == nil {
			j.look()
		} else {
			j.start(a)
		}
	}
	return nil
}

// start joins the battle on offer: the joiner runs on its own goroutine
// and reconnects by itself after a drop (for 30 s; then the table offers
// to try again).
func (j *joinScreen) start(a *App) {
	n := &netLink{local: j.offer.Side, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 8), turnAt: -1}
	saves := a.saveDir()
	jn := &netplay.Joiner{Addr: j.hostAddr(), Local: n.out, Chat: n.chat,
		Notify: func(no netplay.Note) { keepFinal(saves, no); n.notify(no) },
		Load: func(name string) (*rules.Scenario, *terrain.Map, error) {
			return all.LoadScenario(content.ScenariosFS, name, content.MapsFS)
		},
		Lookup: all.Get,
	}
	n.join = jn
	nd := &netDeploy{link: n, place: make(chan []string, 1)}
	jn.LocalPlace = nd.place
	nd.open = func(a *App, no netplay.Note) Scene {
		if no.Kind != netplay.NWelcome || no.State == nil {
			return nil
		}
		return j.startBattle(a, no)
	}
	j.nd = nd
	if p := lastHostFile(); p != "" {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(j.hostAddr()+"\n"), 0o644)
	}
	n.run = func(ctx context.Context) { n.finish(jn.Run(ctx)) }
	ctx, cancel := context.WithCancel(context.Background())
	n.stop = cancel
	j.link, j.joining, j.err = n, true, nil
	go n.run(ctx)
}

// startBattle opens the joiner's table on the side's copy of the battle
// (no dice, nothing the side may not know).
func (j *joinScreen) startBattle(a *App, no netplay.Note) Scene {
	g := &rules.Game{RS: no.RS, St: no.State}
	keep := a.opt.autosave
	a.opt.autosave = "" // the joiner has no save of its own: the host's comes at the end
	b := newBattle(a, g, nil)
	a.opt.autosave = keep
	n := j.link
	n.connected = true
	b.netJoin(n)
	a.Toast("Joined: you play %s.", no.State.Sides[n.local].Name)
	return b
}

func (j *joinScreen) Draw(a *App, dst *ebiten.Image) {
	x, y, w := netPanel(a, dst, "Join a network battle")
	y = sayLines(dst, "The host's address (the host's screen shows it; for example 192.168.1.20:7272):", 15, x, y, w)
	art.Rect(dst, x, y+4*art.UIScale, w, 34*art.UIScale, art.RGB(0xfffaf0))
	caret := ""
	if j.link == nil && int(time.Now().UnixMilli()/500)%2 == 0 {
		caret = "|"
	}
	art.Say(dst, clipLabel(string(j.addr), "", w-20*art.UIScale, art.Face(16))+caret, art.Face(16), x+8*art.UIScale, y+10*art.UIScale, art.ColInk, 0)
	y += 54 * art.UIScale
	j.mu.Lock()
	looking, err := j.looking, j.err
	j.mu.Unlock()
	switch {
	case j.link != nil:
		y = sayLines(dst, "Joining...", 15, x, y, w)
	case looking:
		y = sayLines(dst, "Asking the host what it offers...", 15, x, y, w)
	case j.offer != nil:
		o := j.offer
		if j.last {
			y = sayLines(dst, "This is the host you joined last: join again to come back to that battle where it stands.", 15, x, y, w)
		}
		y = sayLines(dst, fmt.Sprintf("The host offers %s (%s, rules: %s).", j.sc.Name, o.Scenario, j.sc.RuleSet), 15, x, y, w)
		y = sayLines(dst, fmt.Sprintf("You play %s; the host plays %s.", j.sc.Sides[o.Side].Name, j.sc.Sides[1-o.Side].Name), 15, x, y, w)
		y = sayLines(dst, "Check code: "+netplay.CheckCode(o.ScenarioHash, o.RulesHash)+"   (the host's screen shows the same one)", 15, x, y, w)
	default:
		y = sayLines(dst, "Type the address and press Enter to see the battle on offer.", 15, x, y, w)
	}
	if err != nil {
		sayLines(dst, "Could not join: "+err.Error(), 14, x, y+10*art.UIScale, w)
	}
	for i := range j.buttons {
		j.buttons[i].draw(dst, i == 0)
	}
}
