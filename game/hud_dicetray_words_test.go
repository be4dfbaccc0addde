package game

import (
	"strings"
	"testing"

	"hedgerow/game/art"
)

// A roll's words in the dice tray fit beside its dice: a long firer and
// weapon first lose the weapon in brackets (the log's ledger names it),
// then a size; the target is never cut off. A play-tester saw "Gefr
// Lenz (Light machine-gun) at Pte Eden" run into the card's edge.
func TestTrayWordsFitBesideTheDice(t *testing.T) {
	room := 206 * art.UIScale // two dice at the 340 px side panel
	long := "Gefr Lenz (Light machine-gun) at Pte Eden"
	if art.TextW(long, art.Face(12)) <= room {
		t.Fatalf("the case does not overflow (%.0f of %.0f): the test proves nothing", art.TextW(long, art.Face(12)), room)
	}
	got, face := trayWho(long, room)
	if art.TextW(got, face) > room || !strings.HasSuffix(got, "at Pte Eden") || !strings.HasPrefix(got, "Gefr Lenz") {
		t.Errorf("the tray says %q (%.0f px of %.0f)", got, art.TextW(got, face), room)
	}
	short := "Uffz Kern at Pte Eden"
	if got, _ := trayWho(short, room); got != short {
		t.Errorf("words that fit were changed: %q", got)
	}
}

// A tie roll-off's outcome in a tray of several rolls fits beside its
// die: the bracketed reason goes first (the log's ledger keeps it). At
// 1024x640 "goes first of the 3 tied teams (an equal die: ...)" ran off
// the tray.
func TestTrayOutcomeFits(t *testing.T) {
	room := 240 * art.UIScale // one die at the 340 px side panel
	long := "total 3: goes first of the 3 tied teams (an equal die: the team the scenario lists first goes first)"
	if art.TextW(long, art.BoldFace(12)) <= room {
		t.Fatal("the case does not overflow: the test proves nothing")
	}
	got, face := trayOutcome(long, room)
	if art.TextW(got, face) > room || got != "total 3: goes first of the 3 tied teams" {
		t.Errorf("the tray says %q (%.0f px of %.0f)", got, art.TextW(got, face), room)
	}
}

// A tumbling die rose 40 pixels over its resting place, across the
// tray's heading ("...: Pvt Kowalski", play-test 9): it bounces down,
// never above the line it comes to rest on, and no lower than the room
// its outcome fills.
func TestTumblingDiceStayOffTheHeading(t *testing.T) {
	for k := 0.0; k <= 1; k += 0.01 {
		if d := dieBounce(k); d < 0 || d > 40*art.UIScale {
			t.Errorf("at %.2f of the tumble a die is %.1f px below its place", k, d)
		}
	}
	if dieBounce(0.15) == 0 {
		t.Error("the dice do not bounce")
	}
}
