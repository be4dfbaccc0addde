// Package netcmd holds the network subcommands, `hedgerow host` and
// `hedgerow join`. They open no window and import no Ebiten, but they
// cannot run before Ebiten starts as cmd's subcommands do (cmd/early):
// Go initialises packages in import-path order, and the networking
// packages (net, net/http and the websocket library) are always
// initialised after Ebiten's, whose start fails on a machine with no
// display. So they run from main once every package has started: on a
// desktop that is invisible; on a machine with no display at all they
// need one to exist (xvfb-run), which cmd/early says in plain words.
// netplay's own tests need no display.
package netcmd

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"

	"hedgerow/cmd"
	"hedgerow/game/netplay"
	"hedgerow/maps"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/safefile"
	"hedgerow/rules/save"
	"hedgerow/scenarios"
)

func init() {
	cmd.Register("host", cmd.Subcommand{
		Usage: cmd.Late["host"],
		Run:   runHost,
	})
	cmd.Register("join", cmd.Subcommand{
		Usage: cmd.Late["join"],
		Run:   runJoin,
	})
}

// parseAll parses flags wherever they stand among the arguments (the
// address of `join` comes between them) and returns the others.
func parseAll(fl *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		if fl.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fl.Arg(0))
		args = fl.Args()[1:]
	}
}

// lineWriter serialises writes from the host's goroutines.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// openWireLog opens the wire log, after what it holds when appending (a
// battle taken up again).
func openWireLog(path string, appending bool) (*os.File, error) {
	if path == "" {
		return nil, nil
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appending {
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("the wire log %s cannot be written: %v", safefile.Name(path), err)
	}
	return f, nil
}

func runHost(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("host", flag.ContinueOnError)
	fl.SetOutput(stderr)
	headless := fl.Bool("headless", false, "play with no window")
	win := windowFlags(fl)
	scenario := fl.String("scenario", "", "the scenario: a shipped one's name or a file")
	resume := fl.String("resume", "", "take up a stopped battle again from its save (the host's --save file)")
	listen := fl.String("listen", "127.0.0.1:7272", "address and port to listen on (0.0.0.0:PORT to take players from other machines)")
	side := fl.Int("side", 1, "the side the host plays: 1 or 2")
	as := fl.String("as", "random", "who plays the host's side: computer (Normal), computer:hard or random")
	seed := fl.Uint64("seed", 0, "the dice's seed (0: a fresh random one)")
	savePath := fl.String("save", "", "write the save here, after every command, and its chat beside it as NAME.chat (--resume takes both up again)")
	wire := fl.String("wire-log", "", "write every message received here, one per line")
	rest, err := parseAll(fl, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "hedgerow host: unexpected argument %q\n", rest[0])
		return 2
	}
	if !*headless {
		given := map[string]bool{}
		fl.Visit(func(f *flag.Flag) { given[f.Name] = true })
		if given["as"] || given["wire-log"] {
			fmt.Fprintln(stderr, "hedgerow host: --as and --wire-log are for hosting with no window; add --headless")
			return 2
		}
		if *side != 1 && *side != 2 {
			fmt.Fprintf(stderr, "hedgerow host: --side is 1 or 2, not %d\n", *side)
			return 2
		}
		if *scenario != "" && *resume != "" {
			fmt.Fprintln(stderr, "hedgerow host: give --scenario NAME or --resume SAVE, not both")
			return 2
		}
		o := netplay.WindowOptions{Host: true, Scenario: *scenario, Resume: *resume, Side: *side - 1, GameArgs: win.args(given, *savePath)}
		if given["listen"] {
			o.Listen = *listen
		}
		if given["seed"] {
			o.GameArgs = append(o.GameArgs, "--seed", fmt.Sprint(*seed))
		}
		return openWindow("host", o, stderr)
	}
	if (*scenario == "") == (*resume == "") {
		fmt.Fprintln(stderr, "hedgerow host: say which scenario with --scenario NAME, or which battle to take up again with --resume SAVE")
		return 2
	}
	if *side != 1 && *side != 2 {
		fmt.Fprintf(stderr, "hedgerow host: --side is 1 or 2, not %d\n", *side)
		return 2
	}
	if *seed == 0 {
		var b [8]byte
		rand.Read(b[:])
		*seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	player, err := netplay.NewPlayer(*as, *seed^0xa5a5a5a5)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow host: --as: %v\n", err)
		return 2
	}
	var b *netplay.Battle
	if *resume != "" {
		dir, base := filepath.Split(*resume)
		if dir == "" {
			dir = "."
		}
		sf, err := save.ReadFS(os.DirFS(dir), base)
		if err == nil {
			b, err = netplay.ResumeBattle(sf, scenarios.FS, maps.FS, *side-1)
		}
		if err == nil {
			// the chat kept beside the save, back where it was said
			var cs []netplay.SavedChat
			if cs, err = netplay.ReadChat(netplay.ChatFile(*resume)); err == nil {
				b.AddChats(cs)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "hedgerow host: %s: %v\n", safefile.Name(*resume), err)
			return 1
		}
	} else {
		sc, m, err := cmd.LoadScenarioArg(*scenario)
		if err != nil {
			fmt.Fprintf(stderr, "hedgerow host: %v\n", err)
			return 1
		}
		rs, ok := all.Get(sc.RuleSet)
		if !ok {
			fmt.Fprintf(stderr, "hedgerow host: rule set %q is not available\n", sc.RuleSet)
			return 1
		}
		if b, err = netplay.NewBattle(rs, sc, m, *seed, *side-1); err != nil {
			fmt.Fprintf(stderr, "hedgerow host: %v\n", err)
			return 1
		}
	}
	rs, sc, m := b.G.RS, b.G.Scenario, b.G.St.Map
	rh, err := netplay.RulesHash(rs, b.Opening(), m)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow host: %v\n", err)
		return 1
	}
	wf, err := openWireLog(*wire, *resume != "")
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow host: %v\n", err)
		return 1
	}
	if wf != nil {
		defer wf.Close()
	}
	if *savePath != "" {
		b.G.OnCommit = func(g *rules.Game) {
			save.WriteAtomic(*savePath, g) // after every command, as the game's autosave; a failure shows at the end's save
		}
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow host: cannot listen on %s: %v\n", *listen, err)
		return 1
	}
	out := &lineWriter{w: stdout}
	// a new battle is deployed first (each side its own, over the
	// protocol); one taken up from its save was deployed already
	h := &netplay.Host{B: b, Player: player, RulesHash: rh, Log: out, Deploy: *resume == "", ChatFile: netplay.ChatFile(*savePath)}
	if wf != nil {
		h.WireLog = wf
	}
	fmt.Fprintf(out, "hosting %s (%s) on %s: the other player runs hedgerow join %s; check code %s\n",
		sc.Name, rs.Name(), ln.Addr(), ln.Addr(), netplay.CheckCode(sc.Hash, rh))
	fmt.Fprintf(out, "you play side %d (%s); waiting for side %d (%s) to join\n", *side, b.G.St.Sides[*side-1].Name, 3-*side, b.G.St.Sides[2-*side].Name)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	serr := h.Serve(ctx, ln)
	b = h.B // (the battle as deployed)
	code := 0
	if *savePath != "" {
		if err := save.WriteAtomic(*savePath, b.G); err != nil {
			fmt.Fprintf(stderr, "hedgerow host: %v\n", err)
			code = 1
		}
	}
	if serr != nil {
		fmt.Fprintf(stderr, "hedgerow host: %v\n", serr)
		return 1
	}
	fmt.Fprintln(out, overLine(b.G))
	return code
}

func overLine(g *rules.Game) string {
	st := g.St
	if !st.Over {
		return fmt.Sprintf("not over after %d commands: round %d, %s", len(g.Log), st.Round, st.Phase)
	}
	w := "a draw"
	if st.Winner >= 0 {
		w = "victory to " + st.Sides[st.Winner].Name
	}
	return fmt.Sprintf("over after %d commands: %s (%s)", len(g.Log), w, st.Result)
}

func runJoin(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("join", flag.ContinueOnError)
	fl.SetOutput(stderr)
	headless := fl.Bool("headless", false, "play with no window")
	win := windowFlags(fl)
	as := fl.String("as", "random", "who plays the joining side: computer (Normal), computer:hard or random")
	savePath := fl.String("save", "", "write the battle's save here when it ends (the host's own, sent at the end)")
	wire := fl.String("wire-log", "", "write every message received here, one per line")
	rest, err := parseAll(fl, args)
	if err != nil {
		return 2
	}
	if !*headless {
		given := map[string]bool{}
		fl.Visit(func(f *flag.Flag) { given[f.Name] = true })
		if given["as"] || given["wire-log"] || given["save"] || len(rest) > 1 {
			fmt.Fprintln(stderr, "usage: hedgerow join [ADDRESS] (--as, --save and --wire-log are for joining with no window: add --headless)")
			return 2
		}
		o := netplay.WindowOptions{GameArgs: win.args(given, "")}
		if len(rest) == 1 {
			o.Addr = rest[0]
		}
		return openWindow("join", o, stderr)
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "usage: hedgerow join --headless ADDRESS [--as computer|computer:hard|random] [--save FILE] [--wire-log FILE]")
		return 2
	}
	var sb [8]byte
	rand.Read(sb[:])
	player, err := netplay.NewPlayer(*as, binary.LittleEndian.Uint64(sb[:]))
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow join: --as: %v\n", err)
		return 2
	}
	wf, err := openWireLog(*wire, false)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow join: %v\n", err)
		return 1
	}
	if wf != nil {
		defer wf.Close()
	}
	j := &netplay.Joiner{Addr: rest[0], Player: player, Load: cmd.LoadScenarioArg, Lookup: all.Get, Log: stdout}
	if wf != nil {
		j.WireLog = wf
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := j.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "hedgerow join: %v\n", err)
		return 1
	}
	g, err := finalGame(j.Final)
	if err != nil {
		fmt.Fprintf(stderr, "hedgerow join: the host's final save: %v\n", err)
		return 1
	}
	if *savePath != "" {
		if err := save.WriteAtomic(*savePath, g); err != nil {
			fmt.Fprintf(stderr, "hedgerow join: %v\n", err)
			return 1
		}
	}
	fmt.Fprintln(stdout, overLine(g))
	return 0
}

// finalGame replays the host's final save and checks it ends where the
// host says; the joiner's save is written from that replay.
func finalGame(f *netplay.Final) (*rules.Game, error) {
	sf, err := save.Read(strings.NewReader(f.Save))
	if err != nil {
		return nil, err
	}
	g, _, err := save.ReplayFile(sf, scenarios.FS, maps.FS, all.Get)
	if err != nil {
		return nil, err
	}
	if g.St.Hash() != f.FinalHash {
		return nil, errors.New("it does not replay to the host's final state")
	}
	return g, nil
}

// Window opens the game window for host or join without --headless; main
// sets it (game.RunNet), since this package has no Ebiten. Without it
// (this package's tests) only --headless plays.
var Window func(o netplay.WindowOptions) error

// winFlags are the game window's own flags that host and join pass on.
type winFlags struct{ size, speed *string }

func windowFlags(fl *flag.FlagSet) winFlags {
	return winFlags{
		size:  fl.String("window", "", "in a window: its size at start, WxH"),
		speed: fl.String("speed", "", "in a window: animation speed, 0.25 to 8"),
	}
}

// args are the game flags the window is opened with.
func (w winFlags) args(given map[string]bool, save string) []string {
	var out []string
	if given["window"] {
		out = append(out, "--window", *w.size)
	}
	if given["speed"] {
		out = append(out, "--speed", *w.speed)
	}
	if save != "" {
		out = append(out, "--autosave", save)
	}
	return out
}

func openWindow(name string, o netplay.WindowOptions, stderr io.Writer) int {
	if Window == nil {
		fmt.Fprintf(stderr, "hedgerow %s: this build opens no window; add --headless\n", name)
		return 2
	}
	if err := Window(o); err != nil {
		fmt.Fprintf(stderr, "hedgerow %s: %v\n", name, err)
		return 1
	}
	return 0
}
