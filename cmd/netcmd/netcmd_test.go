package netcmd

import (
	"bufio"
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"hedgerow/cmd"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/save"
	"hedgerow/scenarios"
)

// syncBuf is a buffer two goroutines may write.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var addrRE = regexp.MustCompile(`on (127\.0\.0\.1:\d+):`)

// hostAndJoin runs `hedgerow host` and `hedgerow join` against each other
// on 127.0.0.1 and returns their exit codes and outputs.
func hostAndJoin(t *testing.T, hostArgs, joinArgs []string) (hc, jc int, hout, jout string) {
	t.Helper()
	pr, pw := io.Pipe()
	var hostOut, hostErr, joinOut, joinErr syncBuf
	hostDone := make(chan int, 1)
	go func() {
		code := cmd.Lookup("host").Run(hostArgs, io.MultiWriter(pw, &hostOut), &hostErr)
		pw.Close()
		hostDone <- code
	}()
	sc := bufio.NewScanner(pr)
	addr := ""
	for sc.Scan() {
		if m := addrRE.FindStringSubmatch(sc.Text()); m != nil {
			addr = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if addr == "" {
		t.Fatalf("the host never said its address: %s", hostErr.String())
	}
	jc = cmd.Lookup("join").Run(append([]string{"--headless", addr}, joinArgs...), &joinOut, &joinErr)
	select {
	case hc = <-hostDone:
	case <-time.After(30 * time.Second):
		t.Fatal("the host did not finish")
	}
	return hc, jc, hostOut.String() + hostErr.String(), joinOut.String() + joinErr.String()
}

// lastLine is the last line `hedgerow replay` prints for a save.
func lastLine(t *testing.T, save string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := cmd.Lookup("replay").Run([]string{save}, &out, &errb); code != 0 {
		t.Fatalf("replay %s: exit %d: %s", save, code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return lines[len(lines)-1]
}

// TestComputerHostAndJoin plays a battle with the two commands and the
// computer on both sides, "--as computer:hard" hosting and "--as
// computer" joining: both end, and both saves replay to the same last
// line and are the same file.
func TestComputerHostAndJoin(t *testing.T) {
	dir := t.TempDir()
	hs, js := filepath.Join(dir, "host.save"), filepath.Join(dir, "join.save")
	hc, jc, hout, jout := hostAndJoin(t,
		[]string{"--headless", "--scenario", "smle-skirmish", "--listen", "127.0.0.1:0", "--side", "2", "--as", "computer:hard", "--seed", "5", "--save", hs},
		[]string{"--as", "computer", "--save", js})
	if hc != 0 || jc != 0 {
		t.Fatalf("host exit %d:\n%s\njoin exit %d:\n%s", hc, hout, jc, tailOf(jout))
	}
	hl, jl := lastLine(t, hs), lastLine(t, js)
	if hl != jl || !strings.HasPrefix(hl, "over after") {
		t.Fatalf("the saves end differently:\nhost: %s\njoin: %s", hl, jl)
	}
	hb, _ := os.ReadFile(hs)
	jb, _ := os.ReadFile(js)
	if !bytes.Equal(hb, jb) {
		t.Fatal("the joiner's save is not the host's")
	}
	t.Log(hl)
}

// TestHostAndJoin plays whole battles with the two commands, the host on
// a fresh port of 127.0.0.1, random players on both sides: both saves
// replay to the same last line (and are the same file), and each wire
// log has one checked message per line.
func TestHostAndJoin(t *testing.T) {
	for _, c := range []struct {
		scenario, side string
	}{{"ssg-standard", "1"}, {"smle-ambush", "2"}, {"skirmish35-ford", "2"}} {
		t.Run(c.scenario, func(t *testing.T) {
			dir := t.TempDir()
			hs, js := filepath.Join(dir, "host.save"), filepath.Join(dir, "join.save")
			hw, jw := filepath.Join(dir, "host.wire"), filepath.Join(dir, "join.wire")
			hc, jc, hout, jout := hostAndJoin(t,
				[]string{"--headless", "--scenario", c.scenario, "--listen", "127.0.0.1:0", "--side", c.side, "--as", "random", "--seed", "9", "--save", hs, "--wire-log", hw},
				[]string{"--as", "random", "--save", js, "--wire-log", jw})
			if hc != 0 || jc != 0 {
				t.Fatalf("host exit %d:\n%s\njoin exit %d:\n%s", hc, hout, jc, tailOf(jout))
			}
			hl, jl := lastLine(t, hs), lastLine(t, js)
			if hl != jl || !strings.HasPrefix(hl, "over after") {
				t.Fatalf("the saves end differently:\nhost: %s\njoin: %s", hl, jl)
			}
			hb, _ := os.ReadFile(hs)
			jb, _ := os.ReadFile(js)
			if !bytes.Equal(hb, jb) {
				t.Fatal("the joiner's save is not the host's")
			}
			for _, w := range []string{hw, jw} {
				data, err := os.ReadFile(w)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(strings.TrimSpace(string(data)), "\n")
				for _, l := range lines {
					if _, err := netplay.Decode([]byte(l), netplay.MaxHostMsg); err != nil {
						t.Fatalf("%s: %v", filepath.Base(w), err)
					}
				}
				if len(lines) < 5 {
					t.Fatalf("%s has only %d messages", filepath.Base(w), len(lines))
				}
			}
			if !strings.Contains(jout, hl) {
				t.Fatalf("the joiner does not end with %q:\n%s", hl, tailOf(jout))
			}
		})
	}
}

func tailOf(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// TestRefusals: the commands refuse what they cannot do, in plain words.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		code  int
		words string
	}{
		{"host", []string{"--scenario", "ssg-standard"}, 2, "add --headless"},
		{"host", []string{"--headless"}, 2, "--scenario NAME, or which battle to take up again with --resume SAVE"},
		{"host", []string{"--headless", "--resume", "no-such.save"}, 1, "no-such.save"},
		{"host", []string{"--headless", "--scenario", "ssg-standard", "--side", "3"}, 2, "--side is 1 or 2, not 3"},
		{"host", []string{"--headless", "--scenario", "ssg-standard", "--as", "human"}, 2, `"computer", "computer:hard" or "random", not "human"`},
		{"host", []string{"--headless", "--scenario", "no-such-battle"}, 1, "no such file"},
		{"join", []string{"127.0.0.1:1"}, 2, "add --headless"},
		{"join", []string{"--headless"}, 2, "usage: hedgerow join"},
		{"join", []string{"--headless", "127.0.0.1:1", "--as", "computer:easy"}, 2, `not "computer:easy"`},
	} {
		var out, errb bytes.Buffer
		code := cmd.Lookup(c.name).Run(c.args, &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.words) {
			t.Errorf("hedgerow %s %v: exit %d, %q; want exit %d and %q", c.name, c.args, code, errb.String(), c.code, c.words)
		}
	}
}

// TestNoEbiten: the command path imports no Ebiten.
func TestNoEbiten(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "hedgerow/cmd/netcmd", "hedgerow/game/netplay").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "ebiten") {
		t.Fatal("the network commands depend on Ebiten")
	}
}

// TestHostResume: a battle stopped after 30 commands (its save, as the
// host's --save keeps it) is taken up again with --resume and played to
// the end with a joiner; the finished save starts with the stopped one's
// commands and both ends' saves replay to the same last line.
func TestHostResume(t *testing.T) {
	sc, m, err := scenarios.Load("ssg-standard")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, _, err := rules.NewGame(rs, sc, m, 77)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for len(g.Log) < 30 {
		c, ok := rules.RandomCommand(g, r)
		if !ok {
			t.Fatal("nothing legal")
		}
		g.Apply(c)
	}
	dir := t.TempDir()
	stopped := filepath.Join(dir, "stopped.save")
	if err := save.WriteAtomic(stopped, g); err != nil {
		t.Fatal(err)
	}
	hs, js := filepath.Join(dir, "host.save"), filepath.Join(dir, "join.save")
	hc, jc, hout, jout := hostAndJoin(t,
		[]string{"--headless", "--resume", stopped, "--listen", "127.0.0.1:0", "--side", "2", "--save", hs},
		[]string{"--save", js})
	if hc != 0 || jc != 0 {
		t.Fatalf("host exit %d:\n%s\njoin exit %d:\n%s", hc, hout, jc, tailOf(jout))
	}
	if hl, jl := lastLine(t, hs), lastLine(t, js); hl != jl || !strings.HasPrefix(hl, "over after") {
		t.Fatalf("the saves end differently:\nhost: %s\njoin: %s", hl, jl)
	}
	sf, err := save.ReadFS(os.DirFS(dir), "host.save")
	if err != nil {
		t.Fatal(err)
	}
	if sf.Seed != 77 || len(sf.Commands) <= 30 {
		t.Fatalf("the finished battle has seed %d and %d commands", sf.Seed, len(sf.Commands))
	}
	for i, c := range g.Log {
		if sf.Commands[i] != c.String() {
			t.Fatalf("command %d of the finished battle is %q, the stopped one had %q", i+1, sf.Commands[i], c)
		}
	}
}
