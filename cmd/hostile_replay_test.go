package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hedgerow/rules/save"
)

// sampleSave is a shipped sample save, decoded, for a test to spoil.
func sampleSave(t *testing.T) *save.File {
	t.Helper()
	b, err := os.ReadFile("../scenarios/testdata/sample-ssg-standard.json")
	if err != nil {
		t.Fatal(err)
	}
	var sf save.File
	if err := json.Unmarshal(b, &sf); err != nil {
		t.Fatal(err)
	}
	return &sf
}

// runSave writes sf and runs hedgerow replay on it through Run, as the
// binary does.
func runSave(t *testing.T, sf *save.File) (code int, out, errs string) {
	t.Helper()
	var buf bytes.Buffer
	writeSave(t, &buf, sf)
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	code, _ = Run([]string{"replay", p}, &o, &e)
	return code, o.String(), e.String()
}

// A save or the scenario it carries with a terminal escape in a name is
// refused at load, and no control character reaches the terminal.
func TestReplayRefusesControlCharacters(t *testing.T) {
	escape := "\x1b]0;owned\x07\x1b[2J"
	sf := sampleSave(t)
	sf.Scenario = "ssg" + escape + ".toml"
	code, out, errs := runSave(t, sf)
	if code != 1 || !strings.Contains(errs, "control character") {
		t.Fatalf("scenario name: exit %d\n%s%s", code, out, errs)
	}
	if strings.ContainsAny(out+errs, "\x1b\x07") {
		t.Fatalf("a control character was printed: %q", out+errs)
	}

	sf = sampleSave(t)
	sf.ScenarioText = strings.Replace(sf.ScenarioText, `name = "Red leader"`, `name = "Red\u001b]0;owned\u0007leader"`, 1)
	code, out, errs = runSave(t, sf)
	if code != 1 || !strings.Contains(errs, "control character (U+001B)") || strings.ContainsAny(out+errs, "\x1b\x07") {
		t.Fatalf("figure name: exit %d\n%q", code, out+errs)
	}
}

// Whatever a subcommand prints, control characters come out as visible
// escapes; plain text, accents and line breaks pass unchanged.
func TestPlainWriter(t *testing.T) {
	var b bytes.Buffer
	w := plainWriter{&b}
	w.Write([]byte("é ok\tx\n"))
	w.Write([]byte("a\x1b[2Jb\u009bc\u202ed\xff\n"))
	want := "é ok\tx\n" + `a\x1b[2Jb\u009bc\u202ed\xff` + "\n"
	if b.String() != want {
		t.Fatalf("got  %q\nwant %q", b.String(), want)
	}
}

// Every string in a save is capped: a scenario name of a megabyte or a
// hash of any length is refused before anything else is read.
func TestReplayCapsSaveStrings(t *testing.T) {
	sf := sampleSave(t)
	sf.Scenario = strings.Repeat("s", 1<<20)
	if code, _, errs := runSave(t, sf); code != 1 || !strings.Contains(errs, "is 1048576 characters long; at most 255 are allowed") {
		t.Fatalf("long scenario name: exit %d\n%s", code, safeHead(errs))
	}
	sf = sampleSave(t)
	sf.FinalHash = strings.Repeat("0", 1000)
	if code, _, errs := runSave(t, sf); code != 1 || !strings.Contains(errs, "final_hash is 1000 characters long") {
		t.Fatalf("long hash: exit %d\n%s", code, safeHead(errs))
	}
}

func safeHead(s string) string {
	if len(s) > 400 {
		return s[:400] + "..."
	}
	return s
}
