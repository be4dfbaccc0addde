package content

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"hedgerow/rules/terrain"
)

// builtinMapTOML is a small table used when no map file is available.
const builtinMapTOML = `name = "Hedgerow Crossroads"
description = "A farm at a crossroads in bocage country."

[table]
width = 48
height = 36

[[terrain]]
kind = "road"
points = [[0, 17], [48, 16], [48, 19], [0, 20]]

[[terrain]]
kind = "field"
points = [[3, 3], [17, 2], [18, 12], [4, 13]]

[[terrain]]
kind = "woods"
name = "Bois Noir"
points = [[30, 2], [40, 3], [44, 9], [38, 13], [31, 10]]

[[terrain]]
kind = "building"
rect = [22, 9, 6, 4]

[[terrain]]
kind = "building"
rect = [29, 21, 4, 6]

[[terrain]]
kind = "rubble"
points = [[23, 22], [27, 22], [27, 26], [23, 26]]

[[terrain]]
kind = "hill"
points = [[6, 24], [14, 23], [17, 28], [12, 33], [5, 31]]

[[terrain]]
kind = "water"
points = [[38, 25], [43, 24], [45, 29], [40, 32], [36, 29]]

[[terrain]]
kind = "rough"
points = [[18, 28], [23, 28], [23, 33], [18, 33]]

[[terrain]]
kind = "bocage"
points = [[0, 14], [20, 14], [21, 1]]

[[terrain]]
kind = "hedge"
points = [[20, 22], [20, 34]]

[[terrain]]
kind = "low-wall"
points = [[21, 8], [29, 8], [29, 14]]

[[terrain]]
kind = "high-wall"
points = [[28, 20], [35, 20]]

[[terrain]]
kind = "fence"
points = [[34, 22], [46, 22]]

[[area]]
name = "North"
kind = "deployment"
side = 0
rect = [0, 0, 48, 6]

[[area]]
name = "South"
kind = "deployment"
side = 1
rect = [0, 30, 48, 6]
`

// BuiltinMap is the small crossroads table used when no map file is found.
func BuiltinMap() *terrain.Map {
	m, err := terrain.Parse("builtin.toml", []byte(builtinMapTOML))
	if err != nil {
		panic(err)
	}
	return m
}

// generatedMapTOML builds a busy map of n pieces on a 144 x 96 inch table,
// for benchmarks.
func generatedMapTOML(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("name = \"Generated\"\n[table]\nwidth = 144\nheight = 96\n")
	areas := []string{"woods", "field", "building", "rubble", "hill", "water", "rough", "road", "swamp"}
	lines := []string{"hedge", "bocage", "low-wall", "high-wall", "fence"}
	for i := 0; i < n; i++ {
		x, y := 4+r.Float64()*134, 4+r.Float64()*86
		if i%3 == 2 {
			k := lines[r.IntN(len(lines))]
			fmt.Fprintf(&b, "[[terrain]]\nkind = %q\npoints = [[%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f]]\n",
				k, x, y, x+2+r.Float64()*4, y+r.Float64()*2, x+4+r.Float64()*3, y+3)
			continue
		}
		k := areas[r.IntN(len(areas))]
		if k == "building" {
			fmt.Fprintf(&b, "[[terrain]]\nkind = %q\nrect = [%.2f, %.2f, %.2f, %.2f]\n", k, x, y, 2+r.Float64()*3, 2+r.Float64()*2)
			continue
		}
		w, h := 2+r.Float64()*4, 2+r.Float64()*4
		fmt.Fprintf(&b, "[[terrain]]\nkind = %q\npoints = [[%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f]]\n",
			k, x, y, x+w, y+0.3, x+w*0.9, y+h, x+0.2, y+h*0.95)
	}
	return b.String()
}

// GeneratedMap is a busy table of about n pieces, for benchmarks.
func GeneratedMap(n int) *terrain.Map {
	m, err := terrain.Parse("generated.toml", []byte(generatedMapTOML(n, 42)))
	if err != nil {
		panic(err)
	}
	return m
}
