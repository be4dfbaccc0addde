package game

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hedgerow/game/content"
	"hedgerow/rules"
	"hedgerow/rules/all"
	"hedgerow/rules/geom"
)

// The deployment's autosave
//
// A deployment has no game yet (the battle and its save start at the
// second Ready), so it is kept in a file of its own beside the battle's
// autosave: autosave.deployment for autosave.save. It is written when
// the deployment opens, after every figure placed and when the table
// passes to the second side, and removed when the battle starts. At the
// next start the game offers it before anything else ("Resume the
// deployment?"): a crash during a long set-up loses nothing.

// deploySave is the deployment's autosave: the scenario as loaded (its
// text and its map's, so a scenario file edited since still opens as it
// was), whose turn it is, and every figure's position, in the scenario's
// order of figures.
type deploySave struct {
	Format       int      `json:"format"`
	Scenario     string   `json:"scenario"`
	ScenarioText string   `json:"scenario_text"`
	MapText      string   `json:"map_text"`
	Side         int      `json:"side"`
	Places       []string `json:"places"` // "place F3 12.000,30.500"
}

// deployAutosavePath is where the deployment autosaves ("" with no
// autosave).
func (a *App) deployAutosavePath() string {
	p := a.opt.autosave
	if p == "" {
		return ""
	}
	return strings.TrimSuffix(p, filepath.Ext(p)) + ".deployment"
}

// autosave writes the deployment as it stands. A scenario built in code
// (no text) cannot be written and is skipped.
func (d *deploy) autosave(a *App) {
	path := a.deployAutosavePath()
	if path == "" || d.netw != nil || d.sc.Text == "" || d.sc.MapText == "" {
		return
	}
	ds := deploySave{Format: 1, Scenario: d.sc.File, ScenarioText: d.sc.Text, MapText: d.sc.MapText, Side: d.side, Places: []string{}}
	id := rules.FigID(1)
	d.sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) {
		ds.Places = append(ds.Places, rules.Command{Verb: "place", Fig: id, Path: []geom.Pt{f.Pos}}.String())
		id++
	})
	data, err := json.MarshalIndent(ds, "", "  ")
	if err != nil {
		return
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		a.Toast("Autosave of the deployment failed: %v", err)
		return
	}
	if err := os.Rename(tmp, path); err != nil {
		a.Toast("Autosave of the deployment failed: %v", err)
	}
}

// dropDeployAutosave removes the deployment's autosave (the battle has
// started and autosaves itself).
func (a *App) dropDeployAutosave() {
	if p := a.deployAutosavePath(); p != "" {
		os.Remove(p)
	}
}

// readDeployment reads a deployment's autosave back into a deployment
// scene, each figure where it stood and the same side to deploy (behind
// its curtain, as the mouse may have passed).
func (a *App) readDeployment(path string) (*deploy, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() || info.Size() > all.MaxSaveBytes {
		return nil, fmt.Errorf("%s is not a deployment's autosave", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ds deploySave
	if err := json.Unmarshal(data, &ds); err != nil || ds.Format != 1 {
		return nil, fmt.Errorf("%s is not a deployment's autosave", path)
	}
	sc, m, err := all.ParseScenario(ds.Scenario, []byte(ds.ScenarioText), func(string) (string, []byte, error) {
		return ds.Scenario, []byte(ds.MapText), nil
	})
	if err != nil {
		return nil, fmt.Errorf("the scenario it holds cannot be loaded: %v", err)
	}
	d, ok := a.deployScene(sc, m).(*deploy)
	if !ok {
		return nil, fmt.Errorf("the scenario it holds cannot be deployed")
	}
	var figs []*rules.ScenarioFigure
	d.sc.EachFigure(func(_, _, _ int, f *rules.ScenarioFigure) { figs = append(figs, f) })
	if len(ds.Places) != len(figs) {
		return nil, fmt.Errorf("it places %d figures but the scenario has %d", len(ds.Places), len(figs))
	}
	for i, l := range ds.Places {
		c, err := rules.ParseCommand(l)
		if err != nil || c.Verb != "place" || int(c.Fig) != i+1 || len(c.Path) != 1 {
			return nil, fmt.Errorf("placement %d cannot be read", i+1)
		}
		figs[i].Pos = c.Path[0]
	}
	if err := rules.FollowCrews(d.sc, m); err != nil { // a vehicle moved at deployment
		return nil, err
	}
	if ds.Side < 0 || ds.Side > 1 {
		return nil, fmt.Errorf("it names no side to deploy")
	}
	d.side = ds.Side
	d.curtain = ds.Side == 1
	d.findOutside()
	d.autosave(a) // deployScene wrote the scenario's own placing over it
	return d, nil
}

// offerDeployment offers the deployment autosaved at path, if any, and
// says whether it did.
func (a *App) offerDeployment() bool {
	path := a.deployAutosavePath()
	if path == "" || !content.FileExists(path) {
		return false
	}
	d, err := a.readDeployment(path)
	if err != nil {
		to, merr := moveAside(path, "bad", true)
		if merr != nil {
			to = path
		}
		a.Dialog("The deployment's autosave could not be read", fmt.Sprintf("%v. The file is kept as %s.", err, to), []string{"OK"}, nil)
		return true
	}
	who := d.sc.Sides[d.side].Name
	body := fmt.Sprintf("%s: %s was placing its figures.", d.sc.Name, who)
	if w := ago(fileTime(path)); w != "" {
		body += " Autosaved " + w + "."
	}
	a.Dialog("Resume the deployment?", body, []string{"Resume", "Discard", "Not now"}, func(c int) {
		switch c {
		case 0:
			a.scene = d
		case 1:
			if to, err := moveAside(path, "discarded-deployment", false); err == nil {
				a.Toast("The deployment was put aside as %s.", to)
			}
		}
	})
	return true
}

// fileTime is when the file was last written (zero when unknown).
func fileTime(path string) time.Time {
	if st, err := os.Stat(path); err == nil {
		return st.ModTime()
	}
	return time.Time{}
}
