package cmd

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"hedgerow/rules"
)

// hedgerow odds refuses exactly what Apply refuses, with Apply's message
// and exit 1; the cases are in testdata/odds-refused.txt.
func TestOddsRefusesWhatApplyRefuses(t *testing.T) {
	data, err := os.ReadFile("testdata/odds-refused.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		scen, text, _ := strings.Cut(line, " | ")
		var out, errb bytes.Buffer
		code := runOdds([]string{"--scenario", scen, "--command", text}, &out, &errb)
		// What Apply itself says, on a fresh game of the same scenario.
		var want string
		c, perr := rules.ParseCommand(text)
		if perr != nil {
			want = "cannot read the command: " + perr.Error()
		} else {
			g, err := newGameFromArg(scen, 1)
			if err != nil {
				t.Fatal(err)
			}
			before := g.St.Hash()
			_, aerr := g.Apply(c)
			if aerr == nil {
				t.Errorf("%s: Apply accepts %q; the case is wrong", scen, text)
				continue
			}
			if g.St.Hash() != before {
				t.Fatalf("%s: a refused %q changed the state", scen, text)
			}
			want = aerr.Error()
		}
		if code != 1 || out.Len() != 0 || errb.String() != "hedgerow odds: "+want+"\n" {
			t.Errorf("%s: odds %q: exit %d, stdout %q, stderr %q; want exit 1 and %q", scen, text, code, out.String(), errb.String(), want)
		}
	}
}

// Odds tries the command on a copy: the game's dice are not used.
func TestOddsLeavesTheDiceAlone(t *testing.T) {
	g, err := newGameFromArg("smle-skirmish", 3)
	if err != nil {
		t.Fatal(err)
	}
	before := g.St.Hash()
	for _, c := range g.Legal() {
		g.Odds(c)
	}
	if g.St.Hash() != before {
		t.Fatal("asking the odds of every legal command changed the state (dice included)")
	}
}

// A huge command is refused without being echoed back whole.
func TestOddsClipsAHugeCommand(t *testing.T) {
	var out, errb bytes.Buffer
	huge := "move F1 " + strings.Repeat("9", 1<<20) + ",1"
	if code := runOdds([]string{"--scenario", "ssg-standard", "--command", huge}, &out, &errb); code != 1 || errb.Len() > 300 {
		t.Fatalf("exit %d, %d bytes of message: %.300s", code, errb.Len(), errb.String())
	}
	errb.Reset()
	long := "move F1 " + strings.Repeat("9", 5000) + ",1"
	if code := runOdds([]string{"--scenario", "ssg-standard", "--command", long}, &out, &errb); code != 1 || errb.Len() > 300 ||
		!strings.Contains(errb.String(), "(5002 bytes in all)") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}
