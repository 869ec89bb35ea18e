package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// mainStart is when main began, after the packages' initialisation.
var mainStart time.Time

// processStart is when the process started, to 10 ms (Linux: its start
// in clock ticks since boot against /proc/uptime), else mainStart. For
// $VOUCH_TIMING only.
var processStart = func() time.Time {
	now := time.Now()
	stat, err1 := os.ReadFile("/proc/self/stat")
	up, err2 := os.ReadFile("/proc/uptime")
	if err1 != nil || err2 != nil {
		return now
	}
	// The fields after the command name, which is in parentheses.
	i := strings.LastIndexByte(string(stat), ')')
	f := strings.Fields(string(stat)[i+1:])
	u := strings.Fields(string(up))
	if len(f) < 20 || len(u) < 1 {
		return now
	}
	ticks, err1 := strconv.ParseFloat(f[19], 64) // starttime, field 22
	secs, err2 := strconv.ParseFloat(u[0], 64)
	if err1 != nil || err2 != nil {
		return now
	}
	age := secs - ticks/100 // USER_HZ is 100 on Linux
	return now.Add(-time.Duration(age * float64(time.Second)))
}()

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// cpuTime is the user and system CPU time of this process, or of its
// children that have ended (the browser, once closed).
func cpuTime(children bool) time.Duration {
	who := syscall.RUSAGE_SELF
	if children {
		who = syscall.RUSAGE_CHILDREN
	}
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
