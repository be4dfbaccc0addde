//go:build !unix

package scenarios

import "time"

var cpuStart = time.Now()

// cpuTime falls back to the wall clock where the process's CPU time is
// not at hand.
func cpuTime() time.Duration { return time.Since(cpuStart) }
