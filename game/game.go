// Package game is Hedgerow's Ebiten layer: scenes, camera, drawing, input.
package game

import (
	"github.com/hajimehoshi/ebiten/v2"
)

type stub struct{}

func (stub) Update() error              { return nil }
func (stub) Draw(*ebiten.Image)         {}
func (stub) Layout(w, h int) (int, int) { return w, h }

// Run opens the game window.
func Run(args []string) error {
	ebiten.SetWindowTitle("Hedgerow")
	return ebiten.RunGame(stub{})
}
