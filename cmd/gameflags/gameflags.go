// Package gameflags reads the game's own flags (those of hedgerow with no
// subcommand). It never imports Ebiten, so cmd/early can read them, and
// refuse a mistake or a missing display in one line, before Ebiten's
// initialiser runs; game.Run reads them with the same code.
package gameflags

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// Options are the game's flags, read.
type Options struct {
	Scenario   string // --scenario: a file path (when it exists) or a shipped scenario's name
	Map        string // --map: a file path or a shipped map's name
	Seed       uint64
	HasSeed    bool
	Autosave   string // "" = the default, in the user's configuration folder
	Speed      float64
	NoResume   bool
	WinW, WinH int
}

// ErrHelp is Parse's answer to --help: print Usage, exit 0.
var ErrHelp = flag.ErrHelp

func flags(o *Options) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("hedgerow", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&o.Scenario, "scenario", "", "start this scenario at once: a file (a path that exists wins) or a shipped scenario's name")
	fs.StringVar(&o.Map, "map", "", "just look at this map: a file or a shipped map's name")
	fs.Uint64Var(&o.Seed, "seed", 0, "dice seed (default: the scenario's, else the clock)")
	fs.StringVar(&o.Autosave, "autosave", "", "where to autosave (default: hedgerow/autosave.save in the user's configuration folder)")
	fs.Float64Var(&o.Speed, "speed", 1, "animation speed, 0.25 to 8")
	fs.BoolVar(&o.NoResume, "no-resume", false, "do not offer to resume the autosaved battle")
	win := fs.String("window", "1280x800", "the window's size at start, WxH (at least 640x400)")
	return fs, win
}

// Parse reads the game's flags. Its errors are one plain line.
func Parse(args []string) (Options, error) {
	var o Options
	fs, win := flags(&o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, ErrHelp
		}
		return o, errors.New(plain(err))
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("%q is neither a flag nor a subcommand (hedgerow help lists both)", clip(fs.Arg(0)))
	}
	fs.Visit(func(f *flag.Flag) { o.HasSeed = o.HasSeed || f.Name == "seed" })
	w, h, okx := strings.Cut(*win, "x")
	var errW, errH error
	o.WinW, errW = strconv.Atoi(w)
	o.WinH, errH = strconv.Atoi(h)
	if !okx || errW != nil || errH != nil || o.WinW < 640 || o.WinH < 400 || o.WinW > 8192 || o.WinH > 8192 {
		return o, fmt.Errorf("--window %q: give the size as WxH, from 640x400 to 8192x8192 (for example 1024x640)", clip(*win))
	}
	if o.Speed != o.Speed || o.Speed < 0.25 || o.Speed > 8 {
		return o, fmt.Errorf("--speed %v: give a speed from 0.25 to 8", o.Speed)
	}
	return o, nil
}

// Usage lists every game flag.
func Usage(w io.Writer) {
	var o Options
	fs, _ := flags(&o)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// NoDisplay says, in one line, why the game cannot open a window here,
// or "" when it may try: on Linux and the BSDs a window needs an X or
// Wayland display, named by DISPLAY or WAYLAND_DISPLAY.
func NoDisplay() string {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "android", "js":
		return ""
	}
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return ""
	}
	return "the game needs a display to open its window, and there is none here (DISPLAY and WAYLAND_DISPLAY are unset); hedgerow check, odds and replay need none"
}

// plain says a flag package error in plain words.
func plain(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": parse error"); i >= 0 {
		s = s[:i] + ": not a number"
	}
	if i := strings.Index(s, ": value out of range"); i >= 0 {
		s = s[:i] + ": too large a number"
	}
	s = strings.Replace(s, "invalid value", "bad value", 1)
	s = strings.Replace(s, "invalid boolean value", "bad value (true or false)", 1)
	s = strings.Replace(s, "flag provided but not defined", "no such flag", 1)
	return s + " (hedgerow --help lists the flags)"
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
