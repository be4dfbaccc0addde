package game

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/game/content"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// endOf is the deciding side's end (or pass) command.
func endOf(t *testing.T, g *rules.Game) rules.Command {
	t.Helper()
	for _, c := range g.Legal() {
		if c.Verb == "end" || c.Verb == "pass" {
			return c
		}
	}
	t.Fatalf("no end among %v", g.Legal())
	return rules.Command{}
}

// The host's table over the network: the opponent's commands arrive as
// notes and are played on the table's own game (same seed, same dice as
// the host's battle), with no curtain and only the local side's view; a
// local command goes to the host instead of being applied, and nothing
// is offered while it is on its way or while the opponent decides.
func TestNetHostTable(t *testing.T) {
	a, b := newTestBattle(t)
	remote := b.st().Decider
	local := 1 - remote
	n := &netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1}
	b.netJoin(n)
	if b.viewer() != local || b.curtain {
		t.Fatalf("the table shows side %d (curtain %v), want side %d's view", b.viewer(), b.curtain, local)
	}
	b.netNote(a, netplay.Note{Kind: netplay.NConnected, Side: remote})
	if h := b.barHint(); !strings.HasPrefix(h, "Opponent's turn") || len(b.legal) != 0 {
		t.Fatalf("while the opponent decides: hint %q, offered %v", h, b.legal)
	}

	// the same commands on a game of the same seed: the table stays in step
	twin, _, err := rules.NewGame(b.g.RS, b.g.Scenario, b.st().Map, b.g.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for b.st().Decider == remote {
		c := endOf(t, twin)
		if _, err := twin.Apply(c); err != nil {
			t.Fatal(err)
		}
		b.netNote(a, netplay.Note{Kind: netplay.NApplied, Side: remote, Cmd: c, At: len(b.g.Log)})
		if b.st().Hash() != twin.St.Hash() {
			t.Fatalf("after the opponent's %s the table is at %s, the host's battle at %s", c, b.st().Hash(), twin.St.Hash())
		}
	}
	if len(b.legal) == 0 || b.barHint() == "" || strings.HasPrefix(b.barHint(), "Opponent") {
		t.Fatalf("the local side decides: offered %v, hint %q", b.legal, b.barHint())
	}

	// a local command goes to the host and waits for its answer
	at := len(b.g.Log)
	c := endOf(t, b.g)
	if !b.apply(a, c) {
		t.Fatal("the local command was not sent")
	}
	select {
	case lc := <-n.out:
		if lc.At != at || lc.Cmd.String() != c.String() {
			t.Fatalf("sent %+v, want %s at %d", lc, c, at)
		}
	default:
		t.Fatal("nothing went to the host")
	}
	if len(b.g.Log) != at || len(b.legal) != 0 || b.barHint() != "Sent to the host..." {
		t.Fatalf("before the host answers: %d commands (want %d), offered %v, hint %q", len(b.g.Log), at, b.legal, b.barHint())
	}
	b.netNote(a, netplay.Note{Kind: netplay.NRefused, Side: local, Cmd: c, At: at, Text: "not now"})
	if !strings.Contains(a.toast, "Not now") || len(b.legal) == 0 {
		t.Fatalf("a refusal: toast %q, offered %v", a.toast, b.legal)
	}

	b.netNote(a, netplay.Note{Kind: netplay.NChat, Side: remote, Text: "good luck"})
	if last := b.log[len(b.log)-1].text; last != b.st().Sides[remote].Name+" says: good luck" {
		t.Fatalf("the chat line reads %q", last)
	}
	b.netNote(a, netplay.Note{Kind: netplay.NDropped, Side: remote})
	if h := b.barHint(); !strings.HasPrefix(h, "Opponent not connected") {
		t.Fatalf("after a drop the bar says %q", h)
	}
	render(a, b) // the banner draws
}

// The joiner's table: its game is the side's copy from the host's
// snapshots; an update replaces it and counts the host's commands, and
// the turn's legal commands are the host's list, offered only for the
// position it names.
func TestNetJoinerTable(t *testing.T) {
	a, b := newTestBattle(t)
	local := b.st().Decider
	n := &netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true}
	b.netJoin(n)
	if len(b.legal) != 0 {
		t.Fatalf("offered %v before the host's turn", b.legal)
	}
	after := b.st().Clone()
	after.Round = 5
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 3, State: after})
	if b.st() != after || len(b.g.Log) != 3 {
		t.Fatalf("after the update: round %d, %d commands", b.st().Round, len(b.g.Log))
	}
	end := endOf(t, b.g)
	b.netNote(a, netplay.Note{Kind: netplay.NTurn, At: 3, Legal: []rules.Command{end}})
	if len(b.legal) != 1 || b.legal[0].String() != end.String() {
		t.Fatalf("offered %v, want the host's %s", b.legal, end)
	}
	if !b.apply(a, end) {
		t.Fatal("not sent")
	}
	if lc := <-n.out; lc.At != 3 {
		t.Fatalf("sent for position %d, want the turn's 3", lc.At)
	}
}

// While the opponent decides, the host's status panel is worked out on
// the local side's copy: in the ambush, where the British set up hidden,
// the German host's panel never names a British team it does not know
// of, though the whole battle's panel does.
func TestNetHostPanelKeepsHiddenTeams(t *testing.T) {
	g, evs := shippedGameEvents(t, "smle-ambush.toml", 3)
	rs := g.RS
	a := &App{W: 1024, H: 640, speed: 1}
	b := newBattle(a, g, evs)
	local := sideNamed(g, "Germans")
	if local < 0 {
		t.Fatal("no Germans in the ambush")
	}
	n := &netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true}
	b.netJoin(n)
	ex := rs.(rules.Explainer)
	leaks, checked, panels := 0, 0, 0
	r := rand.New(rand.NewPCG(5, 6))
	for step := 0; step < 60 && !b.st().Over; step++ {
		if b.st().Decider != local {
			v := rules.ViewOf(rs, b.st(), local)
			full := ex.Explain(b.st())
			if b.explain != nil && b.explain.Head != "" {
				panels++
			}
			for _, u := range b.st().Units {
				if u.Side == local || v.Unit(u.ID) || u.Name == "" {
					continue
				}
				if b.explain != nil && strings.Contains(b.explain.Head+strings.Join(b.explain.Lines, " "), u.Name) {
					t.Fatalf("step %d: the Germans' panel names %s, a team they do not know of: %q %q", step, u.Name, b.explain.Head, b.explain.Lines)
				}
				if strings.Contains(full.Head+strings.Join(full.Lines, " "), u.Name) {
					leaks++
				}
				checked++
			}
		}
		c, ok := rules.RandomCommand(b.g, r)
		if !ok {
			break
		}
		b.netNote(a, netplay.Note{Kind: netplay.NApplied, Side: b.st().Decider, Cmd: c, At: len(b.g.Log)})
	}
	if leaks == 0 {
		t.Fatalf("the whole battle's panel never named a hidden team in %d looks: the test shows nothing", checked)
	}
	if panels == 0 {
		t.Fatal("the Germans had no panel at all while the British decided")
	}
	t.Logf("%d looks at hidden teams; the whole panel would have named them %d times; %d panels shown", checked, leaks, panels)
}

// A battle the window hosted over the network is kept in its autosave as
// hosted: started again, the game offers to host it again (the opponent
// rejoins it where it stood) before playing it on at one desk; a battle
// played at one desk is offered back as before.
func TestHostedAutosaveOffersToHostAgain(t *testing.T) {
	a, b := newTestBattle(t)
	local := 1 - b.st().Decider
	b.netJoin(&netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1})
	path := filepath.Join(t.TempDir(), "autosave.save")
	if err := all.WriteSaveAtomic(path, b.g); err != nil {
		t.Fatal(err)
	}
	sb, err := readBattle(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := hostedSide(sb.g.Players); got != local {
		t.Fatalf("the save's players %q: hosted side %d, want %d", sb.g.Players, got, local)
	}
	if !driversOf(sb.g.Players).hotseat() {
		t.Errorf("played on at this desk, players %q are not both at the desk", sb.g.Players)
	}
	a.offerResume(sb)
	if a.dlg == nil || len(a.dlg.buttons) != 4 || a.dlg.buttons[0].label != "Host it again" || !strings.Contains(a.dlg.body, "over the network") {
		t.Fatalf("the resume offer of a hosted battle: %+v", a.dlg)
	}

	a2, b2 := newTestBattle(t)
	if err := all.WriteSaveAtomic(path, b2.g); err != nil {
		t.Fatal(err)
	}
	if sb, err = readBattle(path); err != nil {
		t.Fatal(err)
	}
	a2.offerResume(sb)
	if hostedSide(sb.g.Players) != -1 || a2.dlg == nil || a2.dlg.buttons[0].label != "Resume" {
		t.Fatalf("a battle at one desk: players %q, offer %+v", sb.g.Players, a2.dlg)
	}
}

// A deployment over the network writes no deployment autosave (it could
// only be taken up again at one desk), and leaves one from a hotseat
// deployment as it was.
func TestNetDeploymentIsNotAutosaved(t *testing.T) {
	sc, m, err := all.LoadScenario(content.ScenariosFS, "ssg-standard.toml", content.MapsFS)
	if err != nil {
		t.Fatal(err)
	}
	a := &App{W: 1280, H: 800, speed: 1}
	a.opt.autosave = filepath.Join(t.TempDir(), "autosave.save")
	hotseat := a.deployAutosavePath()
	if err := os.WriteFile(hotseat, []byte("a hotseat deployment"), 0o644); err != nil {
		t.Fatal(err)
	}
	nd := &netDeploy{link: &netLink{host: true, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1}, place: make(chan []string, 1)}
	d, ok := a.netDeployScene(sc, m, 0, nd).(*deploy)
	if !ok {
		t.Fatal("no deployment scene")
	}
	d.autosave(a)
	if b, _ := os.ReadFile(hotseat); string(b) != "a hotseat deployment" {
		t.Fatalf("the hotseat deployment's autosave became %q", b)
	}
	if a.opt.autosave == "" {
		t.Fatal("the battle's autosave path was lost")
	}
}

// A joiner's copy holds the figures its side may not see off the table as
// removed and Unknown; the view never shows them, so the table never draws
// them (as casualties in the corner, as an early play-test saw).
func TestNetJoinerDrawsNoUnseenFigure(t *testing.T) {
	g := shippedGame(t, "smle-ambush.toml", 3)
	rs := g.RS
	local := sideNamed(g, "Germans")
	base, err := rules.NewState(g.Scenario, g.St.Map)
	if err != nil {
		t.Fatal(err)
	}
	sn := netplay.SnapshotOf(rs, g.St, local)
	copyState, err := sn.Apply(base)
	if err != nil {
		t.Fatal(err)
	}
	unseen := map[rules.FigID]bool{}
	for _, f := range sn.Figures {
		if !f.Seen {
			unseen[f.ID] = true
		}
	}
	if len(unseen) == 0 {
		t.Fatal("the ambush hides no British figure from the Germans at the start")
	}
	a := &App{W: 1024, H: 640, speed: 1}
	b := newBattle(a, &rules.Game{RS: rs, St: copyState}, nil)
	b.netJoin(&netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true})
	b.netNote(a, netplay.Note{Kind: netplay.NUpdate, At: 0, State: copyState})
	for id := range unseen {
		f := b.st().Fig(id)
		if !f.Removed {
			t.Fatalf("the copy keeps unseen %s on the table", f.Name)
		}
		if !b.hiddenFromViewer(f) {
			t.Errorf("figure %d, unseen by the Germans, is shown (as a casualty at %v)", id, f.Pos)
		}
	}
	render(a, b)
}

// The chat line being typed shows in a box of its own above the action
// bar, on the player's own turn too (where the bar's buttons leave the
// hint no room), and its letters never work the game's keys (a "y" typed
// is not Y, the why view).
func TestNetChatLineShowsOnYourTurn(t *testing.T) {
	a, b := newTestBattle(t)
	local := b.st().Decider
	n := &netLink{host: true, local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1, connected: true}
	b.netJoin(n)
	a.scene = b
	if len(b.legal) == 0 {
		t.Fatal("nothing offered on the local side's turn")
	}
	before := render(a, b)
	n.typing, n.line = true, []rune("good luck")
	after := render(a, b)
	x0, y0 := int((a.W-b.tv.padR)/2-200), int(a.H-b.tv.padB-40)
	changed := 0
	for y := y0; y < y0+30; y++ {
		for x := x0; x < x0+400; x++ {
			if before.At(x, y) != after.At(x, y) {
				changed++
			}
		}
	}
	if changed < 2000 {
		t.Errorf("the chat line changed %d pixels above the bar; it is not shown", changed)
	}
	if !a.typingText() {
		t.Error("a chat line being typed does not count as typing: its letters would work the game's keys")
	}
	n.typing = false
	if a.typingText() {
		t.Error("typing with no chat line open")
	}
}

// A joiner that has lost the host plays nothing: the command is held
// back with a reason, never queued to be played later unseen; and when it
// gives up, it says why in a player's words, not the transport's.
func TestNetJoinerWhileDisconnected(t *testing.T) {
	a, b := newTestBattle(t)
	local := b.st().Decider
	n := &netLink{local: local, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: 0, connected: true}
	b.netJoin(n)
	end := endOf(t, b.g)
	b.netNote(a, netplay.Note{Kind: netplay.NTurn, At: 0, Legal: []rules.Command{end}})
	b.netNote(a, netplay.Note{Kind: netplay.NDropped})
	if b.apply(a, end) {
		t.Fatal("a command was taken while the host is not connected")
	}
	select {
	case lc := <-n.out:
		t.Fatalf("%v was queued for the host", lc.Cmd)
	default:
	}
	if !strings.Contains(a.toast, "Not connected to the host") {
		t.Errorf("the refusal reads %q", a.toast)
	}
	words := gaveUpWords(errors.New(`opponent not connected: the host could not be reached again for 30s (failed to WebSocket dial: failed to send handshake request: Get "http://127.0.0.1:47102/hedgerow": dial tcp 127.0.0.1:47102: connect: connection refused)`))
	for _, bad := range []string{"WebSocket", "http", "dial", "127.0.0.1"} {
		if strings.Contains(words, bad) {
			t.Errorf("the give-up message shows %q: %s", bad, words)
		}
	}
	if !strings.Contains(words, "Reconnect") {
		t.Errorf("the give-up message does not say what Reconnect does: %s", words)
	}
}

// Hosting a battle again after a restart listens where it was hosted
// (the play-test's host on 127.0.0.1:47301 came back on the default
// port, where its joiner could not find it); a --listen given now wins.
func TestHostAgainListensWhereItDid(t *testing.T) {
	a := &App{W: 1280, H: 800, speed: 1}
	a.opt.autosave = filepath.Join(t.TempDir(), "autosave.save")
	if got := a.hostedListen(); got != DefaultListen {
		t.Fatalf("with nothing kept: %q, want the default %q", got, DefaultListen)
	}
	keepListen(a.opt.autosave, "127.0.0.1:47301")
	if got := a.hostedListen(); got != "127.0.0.1:47301" {
		t.Fatalf("hosted again on %q, want where it was hosted", got)
	}
	a.net.Listen = "127.0.0.1:47999"
	if got := a.hostedListen(); got != "127.0.0.1:47999" {
		t.Fatalf("with --listen given: %q", got)
	}
}

// The host's autosave says the battle is hosted from the moment the
// battle opens, not from its first command: a host stopped before any
// command is offered to host it again too (a screenshot found it offered
// a plain one-desk resume).
func TestHostedAutosaveWrittenAtOnce(t *testing.T) {
	g, evs := shippedGameEvents(t, "ssg-standard.toml", 7)
	a := &App{W: 1280, H: 800, speed: 1}
	a.opt.autosave = filepath.Join(t.TempDir(), "autosave.save")
	b := newBattle(a, g, evs)
	b.netJoin(&netLink{host: true, local: 0, out: make(chan netplay.LocalCmd, 4), chat: make(chan string, 4), turnAt: -1})
	sb, err := readBattle(a.opt.autosave)
	if err != nil {
		t.Fatal(err)
	}
	if len(sb.g.Log) != 0 || hostedSide(sb.g.Players) != 0 {
		t.Fatalf("the autosave before any command: %d commands, players %q", len(sb.g.Log), sb.g.Players)
	}
}
