package rules

import "testing"

// Sides and places read as English: a side named in the plural takes a
// plural verb, a named building its article ("The door of Inn is
// locked" was read by a play-tester).
func TestSideVerbsAndPlaceArticles(t *testing.T) {
	for name, want := range map[string]string{
		"Germans": "Germans go", "British": "British go", "Americans": "Americans go",
		"Blue": "Blue goes", "Kampfgruppe Weiss": "Kampfgruppe Weiss goes",
	} {
		if got := Does(name, "goes", "go"); got != want {
			t.Errorf("Does(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]string{"Inn": "the Inn", "The mill": "the mill", "the barn": "the barn"} {
		if got := The(name); got != want {
			t.Errorf("The(%q) = %q, want %q", name, got, want)
		}
	}
}
