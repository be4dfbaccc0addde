// Package ebitentest runs a package's tests inside Ebiten's game loop,
// where images can be drawn and read back. It needs a display (make test
// runs such packages under Xvfb).
package ebitentest

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

type runner struct {
	m    *testing.M
	code int
	done bool
}

func (r *runner) Update() error {
	if !r.done {
		r.code = r.m.Run()
		r.done = true
	}
	return ebiten.Termination
}
func (r *runner) Draw(*ebiten.Image)         {}
func (r *runner) Layout(w, h int) (int, int) { return 64, 64 }

// Main runs m's tests from within the first Update of a 64x64 window and
// exits with their code: call it from TestMain.
func Main(m *testing.M) {
	r := &runner{m: m}
	ebiten.SetWindowSize(64, 64)
	if err := ebiten.RunGame(r); err != nil {
		panic(err)
	}
	os.Exit(r.code)
}
