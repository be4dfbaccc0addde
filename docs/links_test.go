package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pages lists the README and every Markdown page under docs/.
func pages(t *testing.T) []string {
	t.Helper()
	out := []string{filepath.Join("..", "README.md")}
	err := filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	linkRE    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	headingRE = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
	fenceRE   = regexp.MustCompile("(?s)```.*?```")
)

// slug is the anchor a heading gets on a Markdown page: lower case,
// punctuation dropped, spaces as hyphens.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func anchors(text string) map[string]bool {
	text = fenceRE.ReplaceAllString(text, "")
	m := map[string]bool{}
	for _, h := range headingRE.FindAllStringSubmatch(text, -1) {
		m[slug(h[1])] = true
	}
	return m
}

// TestLinks checks every relative link of the README and the docs: the
// file (or folder) it names exists, and a #fragment names a heading of it.
func TestLinks(t *testing.T) {
	n := 0
	for _, page := range pages(t) {
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := fenceRE.ReplaceAllString(string(raw), "")
		for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			n++
			file, frag, _ := strings.Cut(link, "#")
			target := page
			if file != "" {
				target = filepath.Join(filepath.Dir(page), file)
			}
			st, err := os.Stat(target)
			if err != nil {
				t.Errorf("%s: link %q: %s does not exist", page, link, target)
				continue
			}
			if frag == "" {
				continue
			}
			if st.IsDir() {
				t.Errorf("%s: link %q: a fragment on a folder", page, link)
				continue
			}
			body, err := os.ReadFile(target)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(body))[frag] {
				t.Errorf("%s: link %q: %s has no heading #%s", page, link, target, frag)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d relative links found: is the link pattern still right?", n)
	}
}

// TestDocsIndexed: every page under docs/ is listed in docs/README.md, so a
// newcomer who opens the index finds all of them.
func TestDocsIndexed(t *testing.T) {
	idx, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages(t)[1:] {
		if p == "README.md" {
			continue
		}
		if !strings.Contains(string(idx), "("+filepath.ToSlash(p)+")") {
			t.Errorf("docs/README.md does not list %s", p)
		}
	}
}

// TestReadmeShort: the README stays what a player reads first.
func TestReadmeShort(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), "\n"); n > 420 {
		t.Errorf("README.md has %d lines; keep it to about 400 and move subjects into docs/", n)
	}
}
