// Package startup holds the garbage collector off while the game opens
// its window, and gives it back once the first frame is on screen.
//
// Before that frame the program mostly builds things it keeps (Ebiten's
// window, context and shaders, the scenario and its table), so a
// collection frees little; yet at the default setting the collector runs
// two more times in that stretch, and each run stops the program's
// threads and starts helpers, which on a busy machine waits on the
// scheduler far longer than the work itself takes. The garbage left
// (a few megabytes) goes in the first collection after the frame.
//
// Go initialises packages in import-path order once their imports are
// ready; this package waits for runtime/debug, which comes after the rule
// sets and hedgerow/cmd/early, but before Ebiten's UI package opens the
// display (GODEBUG=inittrace=1 on the binary shows the order). So a
// headless subcommand, run and exited by cmd/early, never gets here, and
// the rule sets' tables are decoded with the usual collector. Only the
// main package imports this one, so other packages' tests keep the usual
// collector.
//
// While held, a memory limit still starts a collection if the heap grows
// past limitWhileOff, and Done runs by itself after maxHold if no frame
// has come by then.
package startup

import (
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

const (
	limitWhileOff = 256 << 20 // bytes
	maxHold       = 3 * time.Second
)

var (
	mu        sync.Mutex
	held      bool // the collector is held off now
	prevGC    int
	prevLimit int64
)

func init() {
	if opensWindow(os.Args[1:]) {
		hold()
		time.AfterFunc(maxHold, Done)
	}
}

// hold turns the collector off, remembering its settings.
func hold() {
	mu.Lock()
	defer mu.Unlock()
	if held {
		return
	}
	held = true
	prevGC = debug.SetGCPercent(-1)
	prevLimit = debug.SetMemoryLimit(-1) // a negative limit only reads it
	if prevLimit > limitWhileOff {
		debug.SetMemoryLimit(limitWhileOff)
	}
}

// opensWindow tells whether these arguments start the game rather than a
// subcommand: the game takes only flags, each subcommand is a bare word
// first (see hedgerow/cmd), and -h or --help prints the usage.
func opensWindow(args []string) bool {
	if len(args) == 0 {
		return true
	}
	a := args[0]
	return strings.HasPrefix(a, "-") && a != "-h" && a != "--help"
}

// Done gives the collector back the settings it had before start-up. The
// game calls it once its first frame is on screen; when nothing is held
// it does nothing.
func Done() {
	mu.Lock()
	defer mu.Unlock()
	if !held {
		return
	}
	held = false
	debug.SetGCPercent(prevGC)
	debug.SetMemoryLimit(prevLimit)
}
