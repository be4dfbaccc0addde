#!/usr/bin/env bash
# first-frame.sh [BINARY] [RUNS]: how long from starting the game on the
# SSG standard game until its first frame is on screen. Runs the binary
# RUNS times (default 5) on its own Xvfb (black root window) and watches
# the screen with XGetImage every 2 ms from just before the exec; the
# frame is on screen when any pixel of a grid over the window is not
# black. Prints each run and the median, in seconds, with the CPU time
# the game's threads had used by then (their run time from
# /proc/PID/task/*/schedstat, the GL rasteriser's threads included): on
# a loaded machine the wall clock swings with the other processes, the
# CPU time far less. Needs Xvfb and python3 (ctypes and libX11 only).
# Build first: go build -o hedgerow .
set -euo pipefail
bin=$(readlink -f "${1:-./hedgerow}")
runs=${2:-5}
exec 3< <(Xvfb -displayfd 1 -br -screen 0 1280x800x24 -nolisten tcp 2>/dev/null & echo "pid $!")
read -r _ xv <&3
read -r num <&3
trap 'kill $xv 2>/dev/null || true' EXIT
export DISPLAY=:$num
python3 - "$bin" "$runs" <<'PY'
import ctypes, os, subprocess, sys, tempfile, time
x = ctypes.CDLL("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XGetImage.restype = ctypes.c_void_p
x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
x.XGetPixel.restype = ctypes.c_ulong
x.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
x.XDestroyImage.argtypes = [ctypes.c_void_p]
x.XDestroyImage.restype = ctypes.c_int
dpy = x.XOpenDisplay(None)
root = x.XDefaultRootWindow(dpy)
bin_, runs = sys.argv[1], int(sys.argv[2])
W, H = 1280, 800
def lit():
    # One row of the screen per row of the grid: fetching the whole screen
    # each time (4 MB) cost the poll 40 ms on a loaded machine and took
    # its CPU from the game being timed.
    for yy in range(40, H, 80):
        img = x.XGetImage(dpy, root, 0, yy, W, 1, 0xFFFFFFFF, 2)  # ZPixmap
        if not img:
            continue
        try:
            for xx in range(40, W, 80):
                if x.XGetPixel(img, xx, 0) & 0xFFFFFF:
                    return True
        finally:
            x.XDestroyImage(img)
    return False
def shot(path):
    img = x.XGetImage(dpy, root, 0, 0, W, H, 0xFFFFFFFF, 2)
    out = bytearray()
    for yy in range(0, H, 2):
        for xx in range(0, W, 2):
            v = x.XGetPixel(img, xx, yy)
            out += bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255))
    x.XDestroyImage(img)
    with open(path, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (W // 2, H // 2) + out)
def cpu_used(pid):
    ns = 0
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                ns += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that just ended
    return ns / 1e9
times, cpus = [], []
for i in range(runs):
    while lit():  # the last run's window must be gone
        time.sleep(0.05)
    d = tempfile.mkdtemp()
    t0 = time.monotonic()
    p = subprocess.Popen([bin_, "--no-resume", "--autosave", os.path.join(d, "ff.save"), "--scenario", "ssg-standard"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = None
    while time.monotonic() - t0 < 20:
        if lit():
            t = time.monotonic() - t0
            cpus.append(cpu_used(p.pid))
            if os.environ.get("FF_SHOT"):  # what counted as the first frame
                shot("%s-%d.ppm" % (os.environ["FF_SHOT"], i + 1))
            break
        time.sleep(0.002)
    p.terminate()
    p.wait()
    if t is None:
        sys.exit("no frame within 20 s")
    times.append(t)
    print("run %d: first frame after %.3f s (%.3f s of CPU)" % (i + 1, t, cpus[-1]))
times.sort()
cpus.sort()
print("first frame: median %.3f s over %d runs (min %.3f, max %.3f); CPU used by then: median %.3f s" % (times[len(times) // 2], runs, times[0], times[-1], cpus[len(cpus) // 2]))
PY
