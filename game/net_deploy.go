package game

import (
	"hedgerow/game/netplay"
	"hedgerow/rules"
	"hedgerow/rules/terrain"
)

// Deployment over the network: the deployment scene (deploy.go) for this
// window's side only, with no curtain; the other side's figures are drawn
// only when the core says this side may see them while deploying
// (rules.DeployKnown, as at one desk). Ready sends the side's placements
// (the host's own game loop, or the joiner's connection to the host),
// which the host checks; a refusal comes back with its reason and the
// deployment goes on. Once both sides are ready the battle opens: on the
// host from the placings its game loop started the battle with (the same
// seed), on the joiner from its side's copy.
type netDeploy struct {
	link    *netLink
	place   chan []string
	sent    bool // the placing is on its way, or taken
	waiting bool // the placing is taken: waiting for the opponent to deploy
	// open opens the battle from the note that says it has begun
	// (NStarted on the host, NWelcome on the joiner).
	open func(a *App, no netplay.Note) Scene
}

// netDeployScene is the deployment of side over the network.
func (a *App) netDeployScene(sc *rules.Scenario, m *terrain.Map, side int, nd *netDeploy) Scene {
	// a deployment over the network is not autosaved: it could only be
	// taken up again at one desk, and the battle that follows autosaves
	// itself (a hotseat deployment's autosave, if any, is left alone)
	keep := a.opt.autosave
	a.opt.autosave = ""
	s := a.deployScene(sc, m)
	a.opt.autosave = keep
	d, ok := s.(*deploy)
	if !ok {
		return s
	}
	d.side, d.curtain, d.netw = side, false, nd
	d.findOutside()
	return d
}

// netReady sends the placing to the host.
func (d *deploy) netReady(a *App) {
	nd := d.netw
	if nd.sent {
		return
	}
	select {
	case nd.place <- netplay.PlaceLines(d.sc, d.side):
		nd.sent = true
	default:
		a.Toast("The placing could not be sent yet.")
	}
}

// netUpdate reads the network's notes while deploying; it reports
// whether the scene has changed.
func (d *deploy) netUpdate(a *App) bool {
	nd := d.netw
	notes, done, err := nd.link.take()
	if len(notes) > 0 || done {
		a.poke() // news from the network is drawn even on a table at rest
	}
	for i, no := range notes {
		switch no.Kind {
		case netplay.NPlaced:
			if no.Side == d.side {
				nd.sent, nd.waiting = true, true
			}
		case netplay.NRefused:
			if no.At == -1 {
				nd.sent, nd.waiting = false, false
				a.Toast("Placing refused: %s", sentence(no.Text))
			}
		case netplay.NDeploy: // the joiner, back after a drop
			if no.Text == "ready" {
				nd.sent, nd.waiting = true, true
			} else {
				nd.sent, nd.waiting = false, false
			}
			nd.link.connected = true
		case netplay.NConnected:
			nd.link.connected = true
		case netplay.NDropped:
			if nd.link.connected {
				a.Toast("Opponent not connected.")
			}
			nd.link.connected = false
		case netplay.NStarted, netplay.NWelcome:
			if s := nd.open(a, no); s != nil {
				a.scene = s
				nd.link.putBack(notes[i+1:]) // (played out by the battle)
				return true
			}
		}
	}
	if done {
		why := "The connection to the host was lost."
		if err != nil {
			why = sentence(err.Error())
		}
		a.Fail("The network battle has stopped", errString(why))
		a.scene = newTitle(a)
		return true
	}
	return false
}

type errString string

func (e errString) Error() string { return string(e) }

// netLine is the deployment's bottom line over the network ("" for the
// scene's own).
func (d *deploy) netLine() string {
	nd := d.netw
	switch {
	case nd == nil:
		return ""
	case nd.waiting:
		return "Waiting for the opponent to deploy..."
	case nd.sent:
		return "Placing sent to the host..."
	case !nd.link.connected:
		return "Opponent not connected."
	}
	return ""
}
