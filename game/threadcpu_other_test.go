//go:build !linux

package game

import "time"

// threadCPU is not measured off Linux (the benchmarks report 0).
func threadCPU() time.Duration { return 0 }
