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

// The table never names a rule set: packages under game/ (their tests
// too) may import, of rules/, only the packages in tableMay: the core,
// what every rule set shares (geometry, terrain, vehicle hulls), scenario
// files and saves, the computer player and the registry. A rule set's own
// package, oddscheck or any new rules/ package must be added here on
// purpose. Everything rule-set-specific reaches the table through the
// hooks in rules/present.go.
var tableMay = map[string]bool{
	"hedgerow/rules": true, "hedgerow/rules/geom": true, "hedgerow/rules/terrain": true,
	"hedgerow/rules/vehicle": true, "hedgerow/rules/scenario": true, "hedgerow/rules/save": true,
	"hedgerow/rules/ai": true, "hedgerow/rules/all": true,
}

func TestGameNamesNoRuleSet(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "hedgerow/game/...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	ruleSet := map[string]bool{}
	for _, id := range IDs() {
		ruleSet["hedgerow/rules/"+id] = true
	}
	if len(ruleSet) != 5 {
		t.Fatalf("the registry lists %d rule sets", len(ruleSet))
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, ":")
		n++
		for _, imp := range strings.Fields(imps) {
			if ruleSet[imp] || (imp == "hedgerow/rules" || strings.HasPrefix(imp, "hedgerow/rules/")) && !tableMay[imp] {
				t.Errorf("%s imports %s: the table must ask the core's hooks, not a rule set", pkg, imp)
			}
		}
	}
	if n < 2 {
		t.Fatalf("go list found %d packages under game/", n)
	}
}

// The table's sub-packages import one way: none of them reaches back up
// into the game package, and those that say they need no display
// (view, content, netplay) never import Ebiten, even indirectly.
func TestTableRoomsImportOneWay(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Deps \" \"}}", "hedgerow/game/...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	headless := map[string]bool{"hedgerow/game/view": true, "hedgerow/game/content": true, "hedgerow/game/netplay": true}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, deps, _ := strings.Cut(line, ":")
		if headless[pkg] {
			seen++
		}
		for _, d := range strings.Fields(deps) {
			if pkg != "hedgerow/game" && d == "hedgerow/game" {
				t.Errorf("%s imports the game package: sub-packages must not reach back up", pkg)
			}
			if headless[pkg] && strings.HasPrefix(d, "github.com/hajimehoshi/ebiten") {
				t.Errorf("%s depends on %s: it must run with no display", pkg, d)
			}
		}
	}
	if seen != len(headless) {
		t.Fatalf("go list found %d of the %d headless table packages", seen, len(headless))
	}
}
