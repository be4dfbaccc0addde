package e2e

import (
	"bytes"
	"fmt"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hedgerow/rules"
	"hedgerow/rules/geom"
	"hedgerow/scenarios"
)

// startNetRig starts the game binary with args in a 1024x640 window on an
// X server of its own, and finds its window.
func startNetRig(t *testing.T, bin, name, config string, args ...string) (*rig, *exec.Cmd) {
	t.Helper()
	dir := t.TempDir()
	r := &rig{t: t, w: 1024, h: 640, save: filepath.Join(dir, "auto.save"), probe: filepath.Join(dir, "probe.json"), gameLog: &bytes.Buffer{}}
	r.shots = os.Getenv("HEDGEROW_E2E_SHOTS")
	if r.shots == "" {
		r.shots = filepath.Join(moduleRoot(t), "out", "e2e", "net-"+name)
	}
	os.MkdirAll(r.shots, 0o755)
	r.disp = startXvfb(t, 1024, 640)
	game := exec.Command(bin, append(args, "--window", "1024x640", "--speed", "8")...)
	game.Env = append(withoutDisplay(os.Environ()), "DISPLAY="+r.disp, "HEDGEROW_PROBE="+r.probe, "XDG_CONFIG_HOME="+config, "HOME="+config)
	game.Stdout, game.Stderr = r.gameLog, r.gameLog
	if err := game.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		game.Process.Kill()
		game.Wait()
		if t.Failed() {
			t.Logf("%s's output:\n%s", name, r.gameLog.String())
		}
	})
	out, err := r.xdoOut("search", "--sync", "--onlyvisible", "--pid", fmt.Sprint(game.Process.Pid))
	if err != nil {
		t.Fatalf("the %s window never appeared: %v %s", name, err, out)
	}
	r.wid = strings.Fields(out)[0]
	return r, game
}

// TestNetTwoWindows: two real windows on two X servers, a host and a
// joiner on 127.0.0.1, play the standard game by mouse for two rounds:
// the host picks nothing (the scenario and side are on its command
// line), the joiner types the address, sees the battle on offer and
// joins; each moves a figure by a drag and ends its phases with the End
// button, while the other's table, with no curtain, says it is the
// opponent's turn. The host's save holds both sides' commands; the joiner
// quits, and the host's table says the opponent is not connected; the
// joiner started again is offered the same host and comes back to the
// battle where it stands; the host's program dies and, started again on
// its autosave, takes the battle up with the joiner and play goes on.
func TestNetTwoWindows(t *testing.T) {
	if testing.Short() {
		t.Skip("two windows: not in -short")
	}
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	root := moduleRoot(t)
	bin := filepath.Join(t.TempDir(), "hedgerow")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	hostSave := filepath.Join(t.TempDir(), "host.save")
	host, hproc := startNetRig(t, bin, "host", t.TempDir(), "host", "--scenario", "ssg-standard", "--side", "1", "--listen", addr, "--seed", "7", "--save", hostSave)
	host.save = hostSave
	p := host.waitProbe("the host's waiting screen", func(p probeInfo) bool { return p.Scene == "hostwait" && p.Hint != "" })
	host.shot("waiting")
	code := p.Hint

	joinConfig := t.TempDir()
	joiner, jproc := startNetRig(t, bin, "joiner", joinConfig, "join")
	joiner.waitProbe("the join screen", func(p probeInfo) bool { return p.Scene == "join" })
	joiner.xdo("type", "--window", joiner.wid, "--delay", "60", addr)
	joiner.key("Return")
	joiner.waitProbe("the battle on offer", func(p probeInfo) bool { return p.Scene == "join" && p.Choice == "ssg-standard.toml" })
	joiner.shot("offer")
	joiner.pressButton("join", "Join")

	// both deploy by mouse: each drags its first figure within its zone
	// (a drop the zone refuses leaves it; another way is tried), then
	// Ready; the side ready first waits for the other
	dropped := map[string][2]float64{} // figure: the drop in inches from where it stood
	for i, r := range []*rig{host, joiner} {
		dp := r.steadyProbe("the deployment", func(p probeInfo) bool { return p.Scene == "deploy" && len(p.Figures) > 0 && !p.Curtain })
		fig := ""
		for k := range dp.Figures {
			if fig == "" || len(k) < len(fig) || len(k) == len(fig) && k < fig {
				fig = k
			}
		}
		q := dp.Figures[fig]
		for _, d := range [][2]float64{{0.7, 0}, {-0.7, 0}, {0, 0.7}, {0, -0.7}} {
			r.drag(q[0], q[1], q[0]+d[0]*dp.PerInch, q[1]+d[1]*dp.PerInch)
			np := r.steadyProbe("the drop", func(p probeInfo) bool { return p.Scene == "deploy" })
			if np.PerInch != dp.PerInch {
				t.Fatalf("the deployment's zoom changed from %.2f to %.2f px an inch with a drag of a figure", dp.PerInch, np.PerInch)
			}
			if nq := np.Figures[fig]; math.Abs(nq[0]-q[0])+math.Abs(nq[1]-q[1]) > 0.3*dp.PerInch {
				dropped[fig] = [2]float64{(nq[0] - q[0]) / dp.PerInch, (nq[1] - q[1]) / dp.PerInch}
				break
			}
		}
		if _, ok := dropped[fig]; !ok {
			t.Fatalf("%s could not drag %s anywhere", []string{"the host", "the joiner"}[i], fig)
		}
		r.shot("deploy")
		r.pressButton("deploy", "Ready")
		if i == 0 {
			r.waitProbe("the host waiting for the opponent to deploy", func(p probeInfo) bool {
				return p.Scene == "deploy" && strings.HasPrefix(p.Hint, "Waiting for the opponent to deploy")
			})
			r.shot("deploy-waiting")
		}
	}

	battle := func(p probeInfo) bool { return p.Scene == "battle" && !p.Busy }
	hp := host.waitProbe("the host's battle", battle)
	jp := joiner.waitProbe("the joiner's battle", battle)
	if hp.Curtain || jp.Curtain {
		t.Fatalf("a curtain over a network battle (host %v, joiner %v)", hp.Curtain, jp.Curtain)
	}
	t.Logf("check code %s; side %d decides first", code, hp.Decider+1)
	// each dragged figure starts where it was dropped (the host's save's
	// deploy list, against the scenario's own placing)
	sc, m, err := scenarios.Load("ssg-standard")
	if err != nil {
		t.Fatal(err)
	}
	orig := sc.Clone()
	if err := rules.AutoDeploy(orig, m); err != nil {
		t.Fatal(err)
	}
	var was []geom.Pt
	orig.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { was = append(was, f.Pos) })
	sf0 := host.saveNow().sf
	for fig, d := range dropped {
		var id int
		fmt.Sscanf(fig, "F%d", &id)
		c, err := rules.ParseCommand(sf0.Deploy[id-1])
		if err != nil || len(c.Path) != 1 {
			t.Fatalf("the save's placement %q", sf0.Deploy[id-1])
		}
		got := [2]float64{float64(c.Path[0].X-was[id-1].X) / 1000, float64(c.Path[0].Y-was[id-1].Y) / 1000}
		if math.Abs(got[0]-d[0]) > 0.1 || math.Abs(got[1]-d[1]) > 0.1 {
			t.Fatalf("%s was dropped %.2f\",%.2f\" from its place; the battle starts it %.2f\",%.2f\" from there", fig, d[0], d[1], got[0], got[1])
		}
		t.Logf("%s dropped %.2f\",%.2f\" away and starts there", fig, d[0], d[1])
	}

	rigs := [2]*rig{host, joiner}
	moved := 0
	// playTurn: the deciding side moves a figure by a drag and ends its
	// phases with the End button; the other table waits, live
	playTurn := func(turn int, rigs [2]*rig) {
		host := rigs[0]
		pl := host.saveNow()
		side := pl.g.St.Decider
		me, other := rigs[side], rigs[1-side]
		n := len(pl.cmds)
		// the other table is live, with no curtain, and says whose turn it is
		op := other.waitProbe("the opponent's turn on the other table", func(p probeInfo) bool {
			return p.Scene == "battle" && p.Log == n && strings.HasPrefix(p.Hint, "Opponent's turn") && !p.Curtain
		})
		if len(op.Legal) != 0 {
			t.Errorf("the side waiting for its opponent is offered %v", op.Legal)
		}
		mp := me.waitProbe("the deciding table", func(p probeInfo) bool {
			return p.Scene == "battle" && p.Log == n && !p.Busy && len(p.Legal) > 0 && p.Decider == side
		})
		// drag one of my figures 1.5" towards the enemy
		var fig string
		var fx, fy, ey float64
		var ne int
		for k, q := range mp.Figures {
			if int(q[2]) != side {
				ey += q[1]
				ne++
				continue
			}
			for _, l := range mp.Legal {
				if l == "move "+k && (fig == "" || k < fig) {
					fig, fx, fy = k, q[0], q[1]
				}
			}
		}
		if fig == "" || ne == 0 {
			t.Fatalf("side %d has no figure to move: legal %v", side+1, mp.Legal)
		}
		dir := 1.0
		if ey/float64(ne) < fy {
			dir = -1
		}
		me.drag(fx, fy, fx, fy+dir*1.5*mp.PerInch)
		pl = host.waitSave(fmt.Sprintf("side %d's move", side+1), n+1)
		c := pl.cmds[n]
		if c.Verb != "move" || figKey(c.Fig) != fig {
			t.Fatalf("side %d dragged %s; the host's save has %q", side+1, fig, pl.sf.Commands[n])
		}
		moved++
		me.shot(fmt.Sprintf("moved-%d", turn))
		// end the phases by the End button until the other side decides
		for i := 0; i < 6; i++ {
			pl = host.saveNow()
			if pl.g.St.Decider != side {
				break
			}
			n = len(pl.cmds)
			me.waitProbe("the phase on the deciding table", func(p probeInfo) bool {
				return p.Scene == "battle" && p.Log == n && !p.Busy && len(p.Legal) > 0
			})
			at := me.buttonAt("End")
			me.click(at.X, at.Y)
			me.confirmEnd(at.X, at.Y)
			host.waitSave("the end", n+1)
		}
	}
	for turn := 0; turn < 4; turn++ {
		playTurn(turn, rigs)
	}
	// both tables have every command the host has
	pl := host.saveNow()
	n := len(pl.cmds)
	host.waitProbe("the host's table to catch up", func(p probeInfo) bool { return p.Log == n })
	joiner.waitProbe("the joiner's table to catch up", func(p probeInfo) bool { return p.Log == n })
	if moved != 4 {
		t.Fatalf("moved %d times", moved)
	}

	// chat: T, a line, Enter on the joiner; the host's log gets it
	before := host.waitProbe("the host's log", func(p probeInfo) bool { return p.Scene == "battle" }).LogLines
	joiner.key("t")
	joiner.xdo("type", "--window", joiner.wid, "--delay", "60", "good luck")
	joiner.key("Return")
	host.waitProbe("the chat line on the host's table", func(p probeInfo) bool { return p.LogLines > before })

	// the joiner goes: within a few seconds the host's table says so
	jproc.Process.Kill()
	jproc.Wait()
	gone := time.Now()
	host.waitProbe("opponent not connected", func(p probeInfo) bool { return strings.HasPrefix(p.Hint, "Opponent not connected") })
	if d := time.Since(gone); d > 8*time.Second {
		t.Errorf("the host's table said the opponent was gone after %v", d)
	}
	host.shot("opponent-gone")

	// the joiner starts again: its Join screen offers the host it joined
	// last, and joining brings it back to the battle where it stands
	again, _ := startNetRig(t, bin, "joiner-again", joinConfig, "join")
	again.waitProbe("the last host's battle on offer", func(p probeInfo) bool { return p.Scene == "join" && p.Choice == "ssg-standard.toml" })
	again.shot("offer-again")
	again.pressButton("join", "Join")
	back := again.waitProbe("the joiner back in the battle", func(p probeInfo) bool { return p.Scene == "battle" && p.Log == n && !p.Busy })
	host.waitProbe("the host to see the opponent back", func(p probeInfo) bool { return !strings.HasPrefix(p.Hint, "Opponent not connected") })
	if back.Decider != pl.g.St.Decider || back.Phase != pl.g.St.Phase {
		t.Errorf("the joiner came back to side %d's %s; the host's battle is at side %d's %s", back.Decider+1, back.Phase, pl.g.St.Decider+1, pl.g.St.Phase)
	}
	again.shot("back")

	// the host's program dies; started again on its autosave, it takes the
	// battle up where it stood, the joiner comes back by itself, and play
	// goes on
	hproc.Process.Kill()
	hproc.Wait()
	again.waitProbe("the joiner to see the host gone", func(p probeInfo) bool { return strings.HasPrefix(p.Hint, "Opponent not connected") })
	host2, _ := startNetRig(t, bin, "host-again", t.TempDir(), "host", "--resume", hostSave, "--side", "1", "--listen", addr, "--save", hostSave)
	host2.save = hostSave
	host2.waitProbe("the host's battle taken up again", func(p probeInfo) bool { return p.Scene == "battle" && p.Log == n })
	again.waitProbe("the joiner back with the host", func(p probeInfo) bool {
		return p.Scene == "battle" && p.Log == n && !strings.HasPrefix(p.Hint, "Opponent not connected")
	})
	playTurn(4, [2]*rig{host2, again})
	if got := len(host2.saveNow().cmds); got <= n {
		t.Fatalf("after the host came back the battle has %d commands, had %d", got, n)
	}
	host2.shot("after-resume")
	again.shot("after-resume")
}

// saveNow is the rig's autosave as it stands, replayed (waiting for one
// that reads).
func (r *rig) saveNow() *played {
	r.t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for {
		pl, err := r.readSave()
		if err == nil {
			return pl
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the autosave: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// buttonAt waits for a battle button whose label starts with label.
func (r *rig) buttonAt(label string) probeButton {
	r.t.Helper()
	var at probeButton
	r.waitProbe("the "+label+" button", func(p probeInfo) bool {
		for _, b := range p.Buttons {
			if strings.HasPrefix(b.Label, label) && !b.Disabled && p.Scene == "battle" {
				at = b
				return true
			}
		}
		return false
	})
	return at
}
