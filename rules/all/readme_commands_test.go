package all_test

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
	"hedgerow/rules/save"
	"hedgerow/scenarios"
)

// Every command the README and docs/ show in backticks is in the one notation
// form the engine reads and writes: it parses, and writing it back gives
// the same text (issue 28: the README's "oppfire F3 face 20,14" was
// refused by the parser). Placeholders (x,y) stand for a point.
func TestReadmeCommandsInNotation(t *testing.T) {
	var all []byte
	for _, page := range readmeAndDocs(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		all = append(append(all, b...), '\n')
	}
	text := strings.ReplaceAll(string(all), "```", "")
	text = regexp.MustCompile(`\n\s+`).ReplaceAllString(text, " ")
	id := regexp.MustCompile(`(^| )([FU][1-9][0-9]*|-)( |$)`)
	verb := regexp.MustCompile(`^[a-z][a-z0-9_-]* `)
	n := 0
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(text, -1) {
		line := m[1]
		if !verb.MatchString(line) || !id.MatchString(line) || strings.ContainsAny(line, "<[|") || strings.Contains(line, "...") {
			continue
		}
		line = strings.ReplaceAll(line, "x,y", "1,1")
		n++
		c, err := rules.ParseCommand(line)
		if err != nil {
			t.Errorf("README shows %q: the parser refuses it: %v", m[1], err)
			continue
		}
		if c.String() != line {
			t.Errorf("README shows %q: the engine writes it %q", m[1], c.String())
		}
	}
	if n < 40 {
		t.Fatalf("only %d commands found in the README and docs/", n)
	}
}

// readmeAndDocs lists the README and every Markdown page under docs/.
func readmeAndDocs(t *testing.T) []string {
	t.Helper()
	pages := []string{"../../README.md"}
	err := filepath.WalkDir("../../docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// Firefight Lite's opportunity fire facing a point, in the form the
// README shows, is priced by the odds and kept in a save that replays.
func TestOppFireFacingNotationInSave(t *testing.T) {
	sc, m, err := scenarios.Load("firefight-crossroads")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := all.Get(sc.RuleSet)
	g, _, err := rules.NewGame(rs, sc, m, 5)
	if err != nil {
		t.Fatal(err)
	}
	var c rules.Command
	r := rand.New(rand.NewPCG(5, 7))
	for i := 0; i < 2000 && c.Verb == "" && !g.St.Over; i++ {
		for _, l := range g.Legal() {
			if l.Verb == "oppfire" && l.Arg == "face" {
				c = l
				break
			}
		}
		if c.Verb != "" {
			break
		}
		rc, ok := rules.RandomCommand(g, r)
		if !ok {
			break
		}
		_, _ = g.Apply(rc)
	}
	if c.Verb == "" {
		t.Fatal("no opportunity fire facing a point came up")
	}
	f := g.St.Fig(c.Fig)
	c.Path = []geom.Pt{{X: f.Pos.X + 20*geom.PerInch/10, Y: f.Pos.Y}}
	text := c.String()
	if !regexp.MustCompile(`^oppfire F[0-9]+ [0-9.]+,[0-9.]+ face$`).MatchString(text) {
		t.Fatalf("written as %q", text)
	}
	pc, err := rules.ParseCommand(text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Odds(pc); err != nil {
		t.Fatalf("odds of %q: %v", text, err)
	}
	if _, err := g.Apply(pc); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	var buf bytes.Buffer
	if err := save.Write(g, &buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"`+text+`"`) {
		t.Fatalf("the save does not hold %q", text)
	}
	if _, _, err := save.Replay(&buf, nil, nil, all.Get); err != nil {
		t.Fatalf("replaying the save: %v", err)
	}
}
