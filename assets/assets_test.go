package assets

import (
	"image/color"
	"testing"
)

func TestIcon(t *testing.T) {
	for _, n := range []int{16, 32, 64} {
		img := Icon(n)
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Fatalf("icon %d has bounds %v", n, b)
		}
		// corners are transparent, the centre pip is dark, the die face light
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("icon %d: corner not transparent", n)
		}
		centre := color.RGBAModel.Convert(img.At(n/2, n/2)).(color.RGBA)
		if centre.R > 0x80 {
			t.Errorf("icon %d: centre pip %v not dark", n, centre)
		}
	}
	face := color.RGBAModel.Convert(Icon(64).At(32, 22)).(color.RGBA)
	if face.R < 0xc0 {
		t.Errorf("die face %v not light", face)
	}
}
