package gameflags

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	o, err := Parse([]string{"--scenario", "ssg-standard", "--seed", "0", "--window", "1024x640", "--speed", "8"})
	if err != nil || o.Scenario != "ssg-standard" || !o.HasSeed || o.Seed != 0 || o.WinW != 1024 || o.WinH != 640 || o.Speed != 8 {
		t.Fatalf("%+v, %v", o, err)
	}
	if o, _ := Parse(nil); o.HasSeed || o.WinW != 1280 || o.WinH != 800 || o.Speed != 1 {
		t.Fatalf("defaults: %+v", o)
	}
	for args, want := range map[string]string{
		"--seed x":            `bad value "x" for flag -seed: not a number`,
		"--seed -1":           `bad value "-1" for flag -seed: not a number`,
		"--window 1024":       `--window "1024": give the size as WxH`,
		"--window 1024x640x2": `--window "1024x640x2"`,
		"--window 100x100":    `--window "100x100"`,
		"--speed 100":         "--speed 100: give a speed from 0.25 to 8",
		"--bogus":             "no such flag: -bogus",
		"--no-resume=maybe":   "bad value (true or false)",
		"play":                `"play" is neither a flag nor a subcommand`,
	} {
		_, err := Parse(strings.Fields(args))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", args, err, want)
		}
	}
	if _, err := Parse([]string{"--help"}); !errors.Is(err, ErrHelp) {
		t.Fatalf("--help: %v", err)
	}
	var b bytes.Buffer
	Usage(&b)
	for _, f := range []string{"scenario", "map", "seed", "autosave", "speed", "no-resume", "window"} {
		if !strings.Contains(b.String(), "  -"+f) {
			t.Errorf("the usage lacks -%s:\n%s", f, b.String())
		}
	}
}
