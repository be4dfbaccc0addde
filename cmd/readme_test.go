package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeCommands extracts every hedgerow command line from README.md's
// fenced code blocks: lines that start (after an optional "$ " prompt)
// with "hedgerow " or "./hedgerow ", without a trailing "# comment".
func readmeCommands(readme string) (lines []string, lineNos []int) {
	in := false
	for i, l := range strings.Split(readme, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") {
			in = !in
			continue
		}
		if !in {
			continue
		}
		t = strings.TrimPrefix(t, "$ ")
		if !strings.HasPrefix(t, "hedgerow ") && !strings.HasPrefix(t, "./hedgerow ") {
			continue
		}
		if k := strings.Index(t, "  #"); k >= 0 {
			t = strings.TrimSpace(t[:k])
		}
		lines = append(lines, t)
		lineNos = append(lineNos, i+1)
	}
	return lines, lineNos
}

// shellWords splits a command line as sh would for the README's simple
// lines: words apart by spaces, "..." and '...' quoting, globs expanded
// (relative to the repository's root, the current folder).
func shellWords(t *testing.T, line string) []string {
	var words []string
	var cur strings.Builder
	have, quote := false, rune(0)
	flush := func() {
		if !have {
			return
		}
		w := cur.String()
		if strings.ContainsAny(w, "*?[") {
			m, err := filepath.Glob(w)
			if err != nil || len(m) == 0 {
				t.Fatalf("%q: the glob %q matches nothing", line, w)
			}
			words = append(words, m...)
		} else {
			words = append(words, w)
		}
		cur.Reset()
		have = false
	}
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, have = r, true
		case r == ' ' || r == '\t':
			flush()
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if quote != 0 {
		t.Fatalf("%q: unclosed quote", line)
	}
	flush()
	return words
}

// Every hedgerow command the README (and docs/) shows in a code block works as shown:
// exit 0. Lines that open the window (no subcommand) and those that wait
// for another player over the network are skipped.
func TestReadmeCommandsWork(t *testing.T) {
	// README.md, and the pages of docs/ when there are any
	files, _ := filepath.Glob("../docs/*.md")
	files = append([]string{"../README.md"}, files...)
	var texts, where []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l, n := readmeCommands(string(data))
		for i := range l {
			texts = append(texts, l[i])
			where = append(where, fmt.Sprintf("%s:%d", strings.TrimPrefix(f, "../"), n[i]))
		}
	}
	if len(texts) < 3 {
		t.Fatalf("found only %d hedgerow commands in the code blocks of %v", len(texts), files)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(".."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	headless := map[string]bool{"check": true, "odds": true, "replay": true, "help": true, "duel": true}
	ran := 0
	for i, line := range texts {
		words := shellWords(t, line)
		if len(words) < 2 || !headless[words[1]] {
			t.Logf("%s: %s (skipped: opens the window or waits for a player)", where[i], line)
			continue
		}
		var out, errb bytes.Buffer
		code, handled := Run(words[1:], &out, &errb)
		if !handled || code != 0 {
			t.Errorf("%s: %s\nexit %d\n%s", where[i], line, code, errb.String())
		}
		ran++
	}
	if ran < 3 {
		t.Fatalf("ran only %d README commands", ran)
	}
}
