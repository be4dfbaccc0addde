package art

import (
	"testing"

	"hedgerow/game/internal/ebitentest"
)

// Ebiten images work only inside the game loop.
func TestMain(m *testing.M) { ebitentest.Main(m) }
