package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hedgerow/game/content"
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/all"
)

// The autosave
//
// The battle autosaves after every command (battle.go). When the game
// starts, the title reads the autosave and replays it:
//
//   - a save that replays is offered by what it is ("The Standard Game,
//     turn 3, Blue to play"): Resume, Discard (moved aside as
//     autosave.discarded, never deleted) or Not now;
//   - a save that stops matching at command N is offered too, saying so;
//     resuming keeps the first N-1 commands and moves the whole file
//     aside (autosave.diverged-DATE.save) before the battle saves over it;
//   - a file that cannot be read or replayed at all is moved aside
//     (autosave.bad-DATE.save) with a message saying where, and is not
//     offered again.

// savedBattle is a save read and replayed, ready to resume.
type savedBattle struct {
	path     string
	g        *rules.Game // replayed, up to the last command that still matched
	kept     int         // commands replayed
	total    int         // commands in the file
	diverged error       // "command N: ..." when the file stops matching
	what     string      // "The Standard Game, turn 3, Blue to play"
	when     time.Time   // when the file was last written
}

// readBattle reads a save and replays as much of it as still matches.
// The error is for a file that cannot be read or replayed at all.
func readBattle(path string) (*savedBattle, error) {
	sf, err := all.ReadSaveFS(os.DirFS(filepath.Dir(path)), filepath.Base(path))
	if err != nil {
		return nil, err
	}
	g, kept, err := all.Salvage(sf, content.ScenariosFS, content.MapsFS)
	if g == nil {
		return nil, err
	}
	g.Players = sf.Players // who played each side (computer.go)
	sb := &savedBattle{path: path, g: g, kept: kept, total: len(sf.Commands), diverged: err, what: describeGame(g)}
	if st, err := os.Stat(path); err == nil {
		sb.when = st.ModTime()
	}
	return sb, nil
}

// describeGame says in a line which battle a game is and where it stands.
func describeGame(g *rules.Game) string {
	st := g.St
	name := st.Scenario
	if g.Scenario != nil && g.Scenario.Name != "" {
		name = g.Scenario.Name
	}
	if st.Over {
		if st.Winner >= 0 && st.Winner < 2 {
			return fmt.Sprintf("%s, finished: victory to %s", name, st.Sides[st.Winner].Name)
		}
		return name + ", finished: a draw"
	}
	turn := fmt.Sprintf("turn %d", st.Round)
	if ex, ok := g.RS.(rules.Explainer); ok {
		if t := ex.Explain(st).Turn; t != "" {
			// "Turn 3, Movement phase" reads "turn 3, movement phase" mid-line
			parts := strings.Split(t, ", ")
			for i, p := range parts {
				if p != "" {
					parts[i] = strings.ToLower(p[:1]) + p[1:]
				}
			}
			turn = strings.Join(parts, ", ")
		}
	}
	s := name + ", " + turn
	if st.Decider >= 0 && st.Decider < 2 {
		s += ", " + st.Sides[st.Decider].Name + " to play"
	}
	return s
}

// ago says how long ago t was, in plain words.
func ago(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < 2*time.Minute:
		return "a minute ago"
	case d < time.Hour:
		return fmt.Sprintf("%d minutes ago", int(d.Minutes()))
	case d < 2*time.Hour:
		return "an hour ago"
	case d < 48*time.Hour:
		return fmt.Sprintf("%d hours ago", int(d.Hours()))
	}
	return "on " + t.Format("2 January 2006")
}

// asideName is where a file moves aside to: the same folder and name
// with tag in place of its extension (autosave.discarded), or with a
// stamp before it (autosave.bad-2026-11-23-181500.save).
func asideName(path, tag string, stamped bool) string {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	if !stamped {
		return base + "." + tag
	}
	if ext == "" {
		ext = ".save"
	}
	return base + "." + tag + "-" + time.Now().Format("2006-01-02-150405") + ext
}

// moveAside renames a file to its aside name and returns that name.
func moveAside(path, tag string, stamped bool) (string, error) {
	to := asideName(path, tag, stamped)
	if stamped { // two in the same second: never rename over the first
		ext := filepath.Ext(to)
		for n := 2; content.FileExists(to) && n < 1000; n++ {
			to = strings.TrimSuffix(asideName(path, tag, true), ext) + fmt.Sprintf("-%d", n) + ext
		}
	}
	if err := os.Rename(path, to); err != nil {
		return "", err
	}
	return to, nil
}

// autosaveBad moves an autosave that cannot be read or replayed aside
// and says so, so that it is not offered again.
func (a *App) autosaveBad(path string, why error) {
	to, err := moveAside(path, "bad", true)
	if err != nil {
		a.Dialog("The autosave could not be read", fmt.Sprintf("The autosave %s cannot be read or replayed (%v), and it could not be moved aside either (%v). Move or delete it by hand.", path, why, err), []string{"OK"}, nil)
		return
	}
	a.Dialog("The autosave could not be read", fmt.Sprintf("The autosaved battle cannot be read or replayed: %v. The file has been moved aside to %s, so it will not be offered again.", why, to), []string{"OK"}, nil)
}

// offerResume asks whether to carry on with the autosaved battle.
func (a *App) offerResume(sb *savedBattle) {
	body := sb.what + "."
	if w := ago(sb.when); w != "" {
		body += " Autosaved " + w + "."
	}
	if sb.diverged != nil {
		body += fmt.Sprintf(" The file stops matching the rules at %v; resuming keeps the %s before it.", sb.diverged, commands(sb.kept))
	}
	if side := hostedSide(sb.g.Players); side >= 0 && sb.diverged == nil {
		// a battle this table hosted over the network: host it again, and
		// the other player joins as before and is brought to the present
		body += " It was played over the network: host it again and your opponent joins it as before, or play both sides on at this desk."
		a.Dialog("Resume the last battle?", body, []string{"Host it again", "Play on at this desk", "Discard", "Not now"}, func(c int) {
			switch c {
			case 0:
				if s := a.hostResume(sb.path, side, a.hostedListen()); s != nil {
					a.scene = s
				}
			case 1:
				a.resumeBattle(sb, true)
			case 2:
				a.discardAutosave(sb.path)
			}
		})
		return
	}
	a.Dialog("Resume the last battle?", body, []string{"Resume", "Discard", "Not now"}, func(c int) {
		switch c {
		case 0:
			a.resumeBattle(sb, true)
		case 1:
			a.discardAutosave(sb.path)
		}
	})
}

// hostedSide is the side this table played in a battle it hosted over
// the network (the save's players name the other side "remote"), or -1.
func hostedSide(players []string) int {
	if len(players) != 2 {
		return -1
	}
	for s, p := range players {
		if driver(p) == drvRemote && driver(players[1-s]).human() {
			return 1 - s
		}
	}
	return -1
}

// discardAutosave moves the autosave aside as autosave.discarded (the one
// discarded before, if any, is replaced).
func (a *App) discardAutosave(path string) {
	to, err := moveAside(path, "discarded", false)
	if err != nil {
		a.Toast("The autosave could not be moved aside: %v", err)
		return
	}
	if t, ok := a.scene.(*titleScene); ok {
		t.saved = nil
	}
	a.Toast("The autosaved battle was put aside as %s.", to)
}

// resumeBattle opens a replayed save. A save that stopped matching
// resumes after its last good command, with a message; the autosave's
// whole file is moved aside first, since the battle saves over it.
func (a *App) resumeBattle(sb *savedBattle, autosave bool) {
	keptAs := ""
	if sb.diverged != nil && autosave {
		if to, err := moveAside(sb.path, "diverged", true); err == nil {
			keptAs = to
		}
	}
	b := newBattle(a, sb.g, nil)
	if len(sb.g.Log) == 0 {
		// saved before the first command (at the end of deployment): the
		// battle's opening events (a chit drawn, the first initiative)
		// are its whole log so far (newBattle rebuilds it after one)
		b.rebuildLog()
	}
	if st := sb.g.St; b.net == nil && b.drivers.hotseat() && !st.Over && b.firstShown() == st.Decider {
		// at one desk, with something one side may not see: whoever
		// resumed passes the mouse before the table shows (a play-tester's
		// resume opened straight on the side to play, play-test 9)
		b.shown = 1 - st.Decider
		hidden := b.viewsDiffer()
		b.shown = st.Decider
		if hidden {
			b.curtain, b.curtainWhen = true, time.Now()
		}
	}
	b.log = append(b.log, logEntry{text: fmt.Sprintf("Resumed from %s after %s.", filepath.Base(sb.path), commands(sb.kept)), side: -1})
	a.scene = b
	if sb.diverged != nil {
		lost := fmt.Sprintf("command %d is lost", sb.total)
		if sb.total-sb.kept > 1 {
			lost = fmt.Sprintf("commands %d to %d are lost", sb.kept+1, sb.total)
		}
		body := fmt.Sprintf("The save stops matching the rules at %v. The battle resumes after command %d (%s); %s.",
			sb.diverged, sb.kept, describeGame(sb.g), lost)
		if keptAs != "" {
			body += " The whole file is kept as " + keptAs + "."
		}
		b.log = append(b.log, logEntry{text: body, side: -1})
		a.Dialog("Part of the battle could not be replayed", body, []string{"Play on"}, nil)
	}
}

// resumeAutosave reads the autosave and resumes it, or moves it aside
// when it cannot be read.
func (a *App) resumeAutosave() {
	sb, err := readBattle(a.opt.autosave)
	if err != nil {
		a.autosaveBad(a.opt.autosave, err)
		if t, ok := a.scene.(*titleScene); ok {
			t.saved = nil
		}
		return
	}
	a.resumeBattle(sb, true)
}

// commands is "1 command" or "N commands".
func commands(n int) string {
	if n == 1 {
		return "1 command"
	}
	return fmt.Sprintf("%d commands", n)
}

// keepUnfinishedAutosave moves the autosave aside before a new battle
// writes over it (autosave.unfinished-DATE.save), when it holds a battle
// that is not over or that cannot be read: starting a new battle never
// loses the last one. A finished battle's autosave is written over. It
// returns the note for the log ("" when nothing was moved).
func (a *App) keepUnfinishedAutosave() string {
	path := a.opt.autosave
	if path == "" || !content.FileExists(path) {
		return ""
	}
	what := "an earlier battle that could not be read"
	if sb, err := readBattle(path); err == nil {
		if sb.g.St.Over && sb.diverged == nil {
			chatGoesWith(path, "") // written over, and its chat with it
			return ""
		}
		what = "your earlier unfinished battle (" + sb.what + ")"
	}
	to, err := moveAside(path, "unfinished", true)
	if err != nil {
		return fmt.Sprintf("The autosave held %s, and it could not be moved aside (%v): this battle now autosaves over it.", what, err)
	}
	chatGoesWith(path, to)
	// in words that fit the log (a path ran off its edge); the load list
	// shows the file kept (loadDialog). It says "earlier": a play-tester
	// read it, in a new battle of another rule set, as about this one
	return fmt.Sprintf("Not lost: %s is kept apart from this new one; Ctrl+O lists it.", what)
}

// chatGoesWith moves the chat kept beside a hosted battle's save
// (netplay.ChatFile) to stand beside the file the save was moved to, or
// removes it when the save is written over (to ""). Left behind, it
// would be read back into the next battle hosted from this autosave
// ("Host it again"), as if said there.
func chatGoesWith(path, to string) {
	chat := netplay.ChatFile(path)
	if !content.FileExists(chat) {
		return
	}
	if to == "" {
		os.Remove(chat)
		return
	}
	os.Rename(chat, netplay.ChatFile(to))
}
