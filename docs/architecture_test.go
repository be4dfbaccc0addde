package docs

import (
	"os/exec"
	"strings"
	"testing"

	"hedgerow/rules/all"
)

// The import rules docs/architecture.md states, held against the code.

// The table never names a rule set: packages under game/ (their tests
// too) import, of rules/, only the core, the geometry and terrain every
// rule set shares, and rules/all, the table's one door to the rule sets,
// the scenario loader, saves and the computer player (rules/all/table.go).
// Everything rule-set-specific reaches the table through the core's hooks
// (rules/ruleset.go, rules/present.go).
var tableMay = map[string]bool{
	"hedgerow/rules": true, "hedgerow/rules/geom": true, "hedgerow/rules/terrain": true, "hedgerow/rules/all": true,
}

func TestGameNamesNoRuleSet(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}:{{join .Imports \" \"}} {{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "hedgerow/game/...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	ruleSet := map[string]bool{}
	for _, id := range all.IDs() {
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
				t.Errorf("%s imports %s: the table asks the core (or rules/all), never another rules/ package", pkg, imp)
			}
		}
	}
	if n < 2 {
		t.Fatalf("go list found %d packages under game/", n)
	}
}

// The table's sub-packages import one way: none of them reaches back up
// into the game package, and those that say they need no display
// (view, content, netplay) never depend on the window library, even
// indirectly.
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
			if headless[pkg] && strings.Contains(d, "ebiten") {
				t.Errorf("%s depends on %s: it must run with no display", pkg, d)
			}
		}
	}
	if seen != len(headless) {
		t.Fatalf("go list found %d of the %d headless table packages", seen, len(headless))
	}
}
