package game

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used (user and
// system): with the goroutine locked to its thread, the difference over
// a call is that call's own CPU time, whatever else the machine runs.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
