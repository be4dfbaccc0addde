package game

import (
	"hedgerow/maps"
	"hedgerow/scenarios"
)

func init() {
	mapsFS = maps.FS
	scenariosFS = scenarios.FS
}
