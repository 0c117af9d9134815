#!/usr/bin/env python3
"""Memory stays flat in the number of frames: the CLI's peak RSS scoring 300
4K frames with vmaf_v0.6.1 on two threads may exceed its peak for 100 frames
by at most MARGIN. The picture pool allocates its pictures as the reader and
the workers first need them, so the short run is long enough for the reader to
run ahead as far as it may, also on a loaded machine (at 40 frames it did not
always): the pool is at its full size by then. The CPU backend: the CUDA
backend's page-locked pool grows with how far the reader gets ahead of the
GPU, which varies from run to run (on the GPU machines' Intel hosts, 218 to 288 MiB for 40
to 600 frames, with no trend). The inputs are pipes fed with 10 generated frames over and
over, so that 300 4K frames (7.5 GB) never touch the disk.

Usage: rss_streaming.py VMAF GEN_YUV WORKDIR [SHORT LONG]
The model is the built-in vmaf_v0.6.1.
"""
import json
import os
import subprocess
import sys

W, H = 3840, 2160
SOURCE_FRAMES = 10
MARGIN = 0.05  # the collector's scores and allocator slack; buffers are per context


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def make_source(gen, work):
    paths = [os.path.join(work, "src_ref.yuv"), os.path.join(work, "src_dis.yuv")]
    size = W * H * 3 // 2 * SOURCE_FRAMES
    if not all(os.path.exists(p) and os.path.getsize(p) == size for p in paths):
        subprocess.run([gen, "-w", str(W), "-h", str(H), "-p", "420", "-b", "8",
                        "-n", str(SOURCE_FRAMES), "-s", "7", "-k", "mix"] + paths, check=True)
    return paths


def feed(source, fifo, repeats):
    """A writer of source, repeats times, into fifo; its own process group."""
    script = 'i=0; while [ $i -lt "$2" ]; do cat "$1" || exit; i=$((i + 1)); done > "$3"'
    return subprocess.Popen(["sh", "-c", script, "feed", source, str(repeats), fifo],
                            start_new_session=True, stderr=subprocess.DEVNULL)


def peak_rss(vmaf, sources, work, frames):
    """Scores frames frames; returns the CLI's peak RSS in KiB."""
    fifos = [os.path.join(work, "ref.fifo"), os.path.join(work, "dis.fifo")]
    for f in fifos:
        if os.path.exists(f):
            os.unlink(f)
        os.mkfifo(f)
    out = os.path.join(work, "out.json")
    repeats = -(-frames // SOURCE_FRAMES)
    feeders = [feed(s, f, repeats) for s, f in zip(sources, fifos)]
    cmd = [vmaf, "-r", fifos[0], "-d", fifos[1], "-w", str(W), "-h", str(H), "-p", "420",
           "-b", "8", "--model", "version=vmaf_v0.6.1",
           "--threads", "2", "--backend", "cpu", "--frame_cnt", str(frames), "-q", "--json",
           "-o", out]
    p = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    for f in feeders:  # still blocked in a write when vmaf stopped early
        try:
            os.killpg(f.pid, 9)
        except ProcessLookupError:
            pass
        f.wait()
    if p.returncode != 0:
        fail(f"vmaf exited with {p.returncode} for {frames} frames: {err.strip()}")
    with open(out) as f:
        scored = len(json.load(f)["frames"])
    if scored != frames:
        fail(f"{scored} frames scored, {frames} asked for")
    return usage.ru_maxrss


def main():
    if len(sys.argv) not in (4, 6):
        print(__doc__)
        return 2
    vmaf, gen, work = sys.argv[1:4]
    short, long = (int(a) for a in sys.argv[4:6]) if len(sys.argv) == 6 else (100, 300)
    os.makedirs(work, exist_ok=True)
    sources = make_source(gen, work)
    rss = {n: peak_rss(vmaf, sources, work, n) for n in (short, long)}
    growth = rss[long] / rss[short] - 1
    print(f"peak RSS, 4K vmaf_v0.6.1 --threads 2: {short} frames {rss[short] / 1024:.1f} MiB, "
          f"{long} frames {rss[long] / 1024:.1f} MiB ({growth * 100:+.1f} %, at most "
          f"{MARGIN * 100:+.0f} %)")
    if growth > MARGIN:
        fail("memory grows with the number of frames")
    print("rss.streaming: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
