package game

import (
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
	// (a chat file that cannot be read loses the chat, not the battle)
	if cs, err := netplay.ReadChat(netplay.ChatFile(path)); err == nil {
		nb.AddChats(cs)
	} else {
		a.Toast("The battle's chat could not be read back: %v", err)
	}
	g, _, err := all.ReplayFile(sf, content.ScenariosFS, content.MapsFS)
	if err != nil {
		a.Fail("The battle cannot be taken up again", err)
		return nil
	}
	return a.hostServe(nb, g, nil, g.Scenario, g.St.Map, listen, false)
}
