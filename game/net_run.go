package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"hedgerow/game/content"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/terrain"
)

// RunNet opens the window for `hedgerow host` or `hedgerow join` without
// --headless: on the Host screens (the scenario list, or with a scenario
// given, straight to waiting for the other player) or on the Join screen
// (with the address filled in when given).
func RunNet(o netplay.WindowOptions) error {
	args := append([]string{"--no-resume"}, o.GameArgs...)
	return run(args, func(a *App) Scene {
		a.net = o
		if !o.Host {
			return newJoinScreen(o.Addr)
		}
		if o.Resume != "" {
			if s := a.hostResume(o.Resume, o.Side, a.netListen()); s != nil {
				return s
			}
			return newTitle(a)
		}
		if o.Scenario == "" {
			return newHostChooser(a)
		}
		sc, m, err := loadScenarioNamed(o.Scenario)
		if err != nil {
			a.Fail("The scenario could not be loaded", err)
			return newTitle(a)
		}
		if s := a.hostBattle(sc, m, o.Side, a.netListen()); s != nil {
			return s
		}
		return newTitle(a)
	})
}

// loadScenarioNamed loads a scenario file, else a shipped one by name.
func loadScenarioNamed(name string) (*rules.Scenario, *terrain.Map, error) {
	if content.FileExists(name) {
		return all.LoadScenario(os.DirFS(filepath.Dir(name)), filepath.Base(name), content.MapsFS)
	}
	if !strings.HasSuffix(name, ".toml") {
		name += ".toml"
	}
	return all.LoadScenario(content.ScenariosFS, name, content.MapsFS)
}

// hostResume hosts a battle again from its save (the host's autosave):
// the host's battle and the window's game are both the save replayed, and
// a joiner coming back is brought up to date.
func (a *App) hostResume(path string, side int, listen string) Scene {
	sf, err := all.ReadSaveFS(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	if err != nil {
		a.Fail("The battle cannot be taken up again", err)
		return nil
	}
	nb, err := netplay.ResumeBattle(sf, content.ScenariosFS, content.MapsFS, side)
	if err != nil {
		a.Fail("The battle cannot be taken up again", err)
		return nil
	}
	// the chat kept beside the save goes back into the joiner's stream
	// and this table's log (a chat file that cannot be read loses the
	// chat, not the battle)
	cs, err := netplay.ReadChat(netplay.ChatFile(path))
	if err != nil {
		a.Toast("The battle's chat could not be read back: %v", err)
	}
	nb.AddChats(cs)
	g, _, err := all.ReplayFile(sf, content.ScenariosFS, content.MapsFS)
	if err != nil {
		a.Fail("The battle cannot be taken up again", err)
		return nil
	}
	s := a.hostServe(nb, g, nil, g.Scenario, g.St.Map, listen, false)
	if w, ok := s.(*hostWait); ok {
		w.b.keptChatInLog(cs)
	}
	return s
}

// keptChatInLog puts the chat kept beside a resumed battle's save into
// the table's log, which was rebuilt from the save (a save holds no
// chat): each line after the lines of the commands it was said after.
func (b *battle) keptChatInLog(cs []netplay.SavedChat) {
	if len(cs) == 0 {
		return
	}
	var ends []int // the log's length after the opening (0) and each command
	_, _, err := all.ReplayEach(all.SaveOf(b.g), content.ScenariosFS, content.MapsFS, func(_ int, _ rules.Command, evs []rules.Event) {
		k := 0
		if len(ends) > 0 {
			k = ends[len(ends)-1]
		}
		for _, ev := range evs {
			if ev.Text != "" || ev.Roll != nil { // (as logEvent writes them)
				k++
			}
		}
		ends = append(ends, k)
	})
	if err != nil || len(ends) == 0 || ends[len(ends)-1] != len(b.log) {
		ends = nil // (not the log as rebuilt: the lines go at its end)
	}
	out := make([]logEntry, 0, len(b.log)+len(cs))
	at := 0
	for _, c := range cs {
		to := len(b.log)
		if c.After < len(ends) {
			to = ends[c.After]
		}
		to = max(to, at)
		out = append(out, b.log[at:to]...)
		at = to
		name := fmt.Sprintf("Side %d", c.Side+1)
		if c.Side < len(b.st().Sides) {
			name = b.st().Sides[c.Side].Name
		}
		out = append(out, logEntry{text: name + " says: " + c.Text, side: c.Side})
	}
	b.log = append(out, b.log[at:]...)
}
