package content

import (
	"hedgerow/maps"
	"hedgerow/scenarios"
)

func init() {
	MapsFS = maps.FS
	ScenariosFS = scenarios.FS
}
