package all

import (
	"os/exec"
	"strings"
	"testing"

	"hedgerow/rules/scenario"
)

func TestRegistry(t *testing.T) {
	rs, ok := Get("ssg")
	if !ok || rs.ID() != "ssg" || rs.Name() == "" {
		t.Fatal("ssg is not registered")
	}
	if _, ok := Get("nope"); ok {
		t.Fatal("an unknown id was found")
	}
	ids := IDs()
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Fatalf("rule set %q listed twice", id)
		}
		seen[id] = true
	}
	if scenario.KnownRuleSets == nil || len(scenario.KnownRuleSets()) != len(ids) {
		t.Fatal("the scenario loader does not see the registry")
	}
}

// Nothing under rules/ may depend on Ebiten or the game packages, nor
// import the clock or math/rand v1 (global random functions) directly.
func TestRulesImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "hedgerow/rules/...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "ebiten") || p == "hedgerow/game" || strings.HasPrefix(p, "hedgerow/game/") {
			t.Errorf("rules depends on %s", p)
		}
	}
	out, err = exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", "hedgerow/rules/...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imps) {
			if imp == "time" || imp == "math/rand" {
				t.Errorf("%s imports %s", pkg, imp)
			}
		}
	}
}
