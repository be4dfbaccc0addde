package game

import (
	"strings"
	"testing"
)

// A German MG read "MG" on its base, "General purpose machine-gun" on its
// card and "GPMG" on the roster (play-test 5). A card names each weapon
// with the tag its base and roster show, once, in every shipped scenario.
func TestCardNamesAWeaponAsItsBaseDoes(t *testing.T) {
	seen := false
	for _, file := range shippedFiles(t) {
		_, b, g := restingBattle(t, file)
		for i := range g.St.Figures {
			f := &g.St.Figures[i]
			card := strings.Join(b.figureLines(f), "\n")
			for _, w := range b.figInfo(f.ID).Weapons {
				tag := weaponTag(w.ID)
				if tag == "" || !strings.Contains(card, w.Label) {
					continue
				}
				if n := strings.Count(strings.ToUpper(card), "("+strings.ToUpper(tag)); n > 1 {
					t.Errorf("%s: %s's card names %s %d times: %q", file, f.Name, tag, n, card)
				}
				if !strings.Contains(strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(card)), strings.ToUpper(tag)) {
					t.Errorf("%s: %s's card never says %s, which his base shows: %q", file, f.Name, tag, card)
				}
				if w.ID == "gpmg" {
					seen = true
					if !strings.Contains(card, "General purpose machine-gun (GPMG)") {
						t.Errorf("%s: %s's card: %q", file, f.Name, card)
					}
				}
			}
		}
	}
	if !seen {
		t.Error("no GPMG's card was read")
	}
}
