#!/bin/bash
# Encoded input on a GPU machine, in one call (docs/benchmarks.md, "FFmpeg's
# libvmaf_cuda" and "Encoded input on NVDEC"): parity of our CLI on NVDEC,
# whole and in chunks, and of FFmpeg's libvmaf_cuda filter on our library,
# against the CLI decoding on the CPU; fps of the CLI (one piece, chunks on
# NVDEC, chunks with CPU decoding beside them) beside FFmpeg's NVDEC
# decode-only run and the filter on the reference's library; the NVDEC
# ceiling (decode-only processes at once); batches of 32 encoded and of 32
# raw pairs. Builds the tree with CUDA for sm_90 and runs the GPU tests
# meanwhile. A table of medians comes last.
# DEVDIR holds: ffmpeg (FFmpeg 7.1 with NVDEC, scale_cuda, libvmaf), vmaf (our
# CLI, FFmpeg's libraries linked in: -DVMAF_LIBAV_STATIC=ON), lib/ours and
# lib/ref (libvmaf.so.3 of each), clips/NAME_{ref,dis}.mp4. Logs go to $OUT.
# Made on the build machine: FFmpeg 7.1 (scripts/ffmpeg-source.sh) configured
# as docs/ffmpeg.md says with --disable-everything plus the h264/hevc
# decoders and NVDEC hwaccels, the mov demuxer, scale_cuda, libvmaf(_cuda),
# null and yuv4mpegpipe muxers, then `make install prefix=P` (fix libdir and
# includedir in P/lib/pkgconfig/*.pc); our CLI with
# PKG_CONFIG_PATH=P/lib/pkgconfig cmake -DVMAF_LIBAV_STATIC=ON
# -DCMAKE_CUDA_ARCHITECTURES=90; clips made by bench/make_clips.sh (testsrc
# at 24 fps, libx264/libx265): NAME = h264_1080 hevc_1080 h264_2160
# hevc_2160 (the encoders' default keyframe interval, 250 frames) and
# g48_h264_1080 g48_h264_2160 g48_hevc_2160 (a keyframe every 48 frames, two
# seconds, as streaming ladders use). SKIP=build,parity,extras,speed,ceiling,
# contexts,batch leaves parts out; the ceiling (FFmpeg processes at once) is
# left out unless CEILING=1: on the lent machines such processes hung past
# the call's limit in three calls of three (2026-12-05 and 12-06). PARITY,
# CLIPS, VARS, CTX_CLIPS and ROUNDS narrow the parts (a PARITY list skips
# the extras).
set -u
D=${DEVDIR:?set DEVDIR}; OUT=${OUT:-/tmp/nvdec_check}; mkdir -p "$OUT"
V=$D/vmaf FF=$D/ffmpeg C=$D/clips W=/tmp/w SKIP=${SKIP:-}
SAME="python3 tests/install/same_scores.py"
mkdir -p $W; chmod +x $V $FF
exec > >(tee $OUT/run.log) 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc; date
# FFmpeg, at most LIMIT seconds (120 unless set): a stuck decoder shows as a
# FAIL, not as a call that runs out of time.
ff() { LD_LIBRARY_PATH=$1 timeout ${LIMIT:-120} $FF -hide_banner -nostdin -loglevel error "${@:2}"; }
hw="-hwaccel cuda -hwaccel_output_format cuda"
sc="[0:v]scale_cuda=format=yuv420p[r];[1:v]scale_cuda=format=yuv420p[d]"
now() { date +%s.%N; }
fps() { python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2]))))" "$@"; }
frames_of() { case $1 in *_2160) echo 600 ;; *) echo 1200 ;; esac; }
# A terminal for the CLI where script(1) gives one: it then prints its plan.
on_tty() { if command -v script >/dev/null; then script -qec "$*" /dev/null; else "$@"; fi; }
skip() { case ",$SKIP," in *,$1,*) return 0 ;; esac; return 1; }
# A crash is shown where it happened: the run again under gdb, twice at most.
crashes=0
vm() {
  "$V" "$@"; local rc=$?
  if [ $rc -ge 128 ] && [ $crashes -lt 2 ]; then
    crashes=$((crashes + 1)); echo "CRASH (exit $rc): vmaf $*"
    if command -v gdb >/dev/null; then
      gdb -q -batch -ex run -ex "thread apply all bt 12" --args "$V" "$@" 2>&1 | grep -av "^\[New Thread\|^\[Thread\|exited normally" | tail -120
    else echo "(no gdb on this machine)"; fi
  fi
  return $rc
}
if ! skip build; then
(cmake -S . -B /tmp/b -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null && cmake --build /tmp/b -j 12 >/dev/null && echo build ok) > $OUT/build.log 2>&1 &
bpid=$!
fi
if ! skip parity; then
echo "== parity (cpu = our CLI, CPU decode; nv = NVDEC in one piece; ch = NVDEC in chunks, CPU chunks beside; filter = FFmpeg libvmaf_cuda on our library)"
for p in ${PARITY:-h264_1080 hevc_1080 h264_2160 hevc_2160 g48_hevc_2160}; do
  $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec none --chunks 1 -q --json -o $W/$p.cpu.json || echo "FAIL cpudec $p"
  vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 1 -q --json -o $W/$p.nv.json || echo "FAIL nvdec $p"
  on_tty $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --json -o $W/$p.ch.json | tr '\r' '\n' | grep -a "chunks:\|picture pool\|vmaf:" || echo "FAIL chunks $p"
  $SAME $W/$p.cpu.json $W/$p.nv.json "$p: NVDEC against CPU decoding"
  $SAME $W/$p.cpu.json $W/$p.ch.json "$p: NVDEC in chunks against CPU decoding"
  # Chroma features: NVDEC's interleaved chroma split on the GPU.
  chroma="--feature psnr --feature ciede --feature psnr_hvs"
  $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec none --chunks 1 $chroma -q --json -o $W/$p.cpu_c.json || echo "FAIL cpudec chroma $p"
  vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 1 $chroma -q --json -o $W/$p.nv_c.json || echo "FAIL nvdec chroma $p"
  $SAME $W/$p.cpu_c.json $W/$p.nv_c.json "$p: chroma features on NVDEC against CPU decoding"
  case $p in g48*) ;; *)
    ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -filter_complex "$sc;[d][r]libvmaf_cuda=log_fmt=json:log_path=$W/$p.ff.json" -f null - || echo "FAIL filter $p"
    $SAME $W/$p.cpu.json $W/$p.ff.json "$p: libvmaf_cuda filter against the CLI" ;;
  esac
done
[ -z "${PARITY:-}" ] || SKIP=$SKIP,extras
if ! skip extras; then
vm -r $C/h264_1080_ref.mp4 -d $C/h264_1080_dis.mp4 --hwdec cuda --chunks 3 --cpu_chunks 2 --feature motion=motion_five_frame_window=true:motion_moving_average=true --feature float_motion -q --json -o $W/t.ch.json
$V -r $C/h264_1080_ref.mp4 -d $C/h264_1080_dis.mp4 --hwdec none --chunks 1 --feature motion=motion_five_frame_window=true:motion_moving_average=true --feature float_motion -q --json -o $W/t.cpu.json
$SAME $W/t.cpu.json $W/t.ch.json "h264_1080 temporal features: chunks 3 + 2 on the CPU against one piece"
for s in ref dis; do ff $D/lib/ours -y -i $C/h264_1080_$s.mp4 -f yuv4mpegpipe $W/$s.y4m; done
$V -r $W/ref.y4m -d $W/dis.y4m -q --json -o $W/y4m.json; rm -f $W/*.y4m
$SAME $W/y4m.json $W/h264_1080.ch.json "h264_1080: CLI on NVDEC in chunks against the CLI on Y4M"
$V -r $C/h264_1080_ref.mp4 -d $C/h264_1080_dis.mp4 --backend cpu --threads 16 -q --json -o $W/cpuall.json
$SAME $W/cpuall.json $W/h264_1080.ch.json "h264_1080: NVDEC + CUDA in chunks against the CPU backend"
fi
fi
date
if ! skip build; then
wait $bpid; cat $OUT/build.log
(cd /tmp/b && timeout 120 ctest -j 4 -R "^cuda\.|test_shared_frame|test_context|test_cuda_graph" --output-on-failure > $OUT/ctest.log 2>&1; tail -4 $OUT/ctest.log; grep -a "Passed\|Failed\|Skipped\|Not Run" $OUT/ctest.log | head -12)
fi
T=$OUT/times.txt; : > $T
if ! skip speed; then
echo "== speed (fps of the whole process)"; date
for p in ${CLIPS:-g48_h264_1080 h264_1080 hevc_1080 g48_h264_2160 h264_2160 g48_hevc_2160 hevc_2160}; do
  n=$(frames_of $p)
  vars=${VARS:-decode reference one c4 c6 c4cpu1}
  for r in $(seq ${ROUNDS:-2}); do
    line="$p round $r:"
    for v in $vars; do
      t0=$(now)
      case $v in
      decode) ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -map 0:v -map 1:v -f null - ;;
      reference) ff $D/lib/ref $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -filter_complex "$sc;[d][r]libvmaf_cuda" -f null - ;;
      one) vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 1 -q -o /dev/null ;;
      c4) vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 4 -q -o /dev/null ;;
      c6) vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 6 -q -o /dev/null ;;
      c4cpu1) vm -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --chunks 4 --cpu_chunks 1 -q -o /dev/null ;;
      esac || echo "FAIL $v $p"
      f=$(fps $n $t0 $(now)); line="$line $v $f"; echo "$p $v $f" >> $T
    done
    echo "$line"
  done
done
fi
if [ "${CEILING:-0}" = 1 ] && ! skip ceiling; then
echo "== NVDEC ceiling: decode-only processes at once"
for p in g48_h264_1080 g48_h264_2160; do
  n=$(frames_of $p)
  for k in 4 7; do
    t0=$(now)
    for i in $(seq $k); do ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -map 0:v -map 1:v -f null - & done; wait
    f=$(fps $((k*n)) $t0 $(now)); echo "$p $k processes: $f pair-frames/s"; echo "$p ceiling$k $f" >> $T
  done
done
fi
if ! skip contexts; then
echo "== NVDEC in one process, decode-only, 4 pairs: decoders sharing a CUDA context against a context each"
for p in ${CTX_CLIPS:-g48_h264_1080 g48_h264_2160}; do
  n=$(frames_of $p); shared="" own="" maps=""
  for i in 0 1 2 3; do
    shared="$shared $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4"
    own="$own -init_hw_device cuda=c$i:0 -hwaccel cuda -hwaccel_device c$i -hwaccel_output_format cuda -i $C/${p}_ref.mp4 -hwaccel cuda -hwaccel_device c$i -hwaccel_output_format cuda -i $C/${p}_dis.mp4"
    maps="$maps -map $((2*i)):v -map $((2*i+1)):v"
  done
  for r in $(seq ${ROUNDS:-2}); do
    t0=$(now); ff $D/lib/ours $shared $maps -f null - || echo "FAIL shared $p"
    f=$(fps $((4*n)) $t0 $(now)); echo "$p shared context, one process: $f pair-frames/s"; echo "$p ctx-shared $f" >> $T
    t0=$(now); ff $D/lib/ours $own $maps -f null - || echo "FAIL own $p"
    f=$(fps $((4*n)) $t0 $(now)); echo "$p a context a pair, one process: $f pair-frames/s"; echo "$p ctx-own $f" >> $T
  done
done
fi
if ! skip batch; then
echo "== batch of 32 H.264 1080p pairs (1,200 frames each)"
for i in $(seq 32); do printf '%s\t%s\t%s\n' $C/g48_h264_1080_ref.mp4 $C/g48_h264_1080_dis.mp4 $W/b$i.json; done > $W/list.txt
for jobs in 8; do
  t0=$(now); timeout 150 $V --batch $W/list.txt --hwdec cuda --jobs $jobs -q --json || echo "FAIL batch"
  f=$(fps $((32*1200)) $t0 $(now)); echo "jobs $jobs: $f frames/s"; echo "batch-h264 jobs$jobs $f" >> $T
done
$V -r $C/g48_h264_1080_ref.mp4 -d $C/g48_h264_1080_dis.mp4 --hwdec none --chunks 1 -q --json -o $W/g48.cpu.json
$SAME $W/g48.cpu.json $W/b17.json "batch line 17 against one run on CPU decoding"
echo "== batch of 32 raw 1080p pairs (240 frames each)"
ff $D/lib/ours -y -i $C/h264_1080_ref.mp4 -frames:v 240 -f rawvideo -pix_fmt yuv420p $W/r.yuv
ff $D/lib/ours -y -i $C/h264_1080_dis.mp4 -frames:v 240 -f rawvideo -pix_fmt yuv420p $W/d.yuv
for i in $(seq 32); do printf '%s\t%s\t%s\n' $W/r.yuv $W/d.yuv $W/y$i.json; done > $W/ylist.txt
cat $W/r.yuv $W/d.yuv > /dev/null
for jobs in 4 8; do
  t0=$(now); timeout 60 $V --batch $W/ylist.txt -w 1920 -h 1080 -p 420 -b 8 --jobs $jobs -q --json || echo "FAIL raw batch"
  f=$(fps $((32*240)) $t0 $(now)); echo "raw jobs $jobs: $f frames/s"; echo "batch-raw jobs$jobs $f" >> $T
done
fi
date
echo "== medians (fps)"
python3 - $T <<'PY'
import sys, statistics, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    k, v, f = line.split()
    d[(k, v)].append(float(f))
for (k, v), fs in d.items():
    print(f"{k:16s} {v:12s} {statistics.median(fs):8.1f}  ({', '.join('%.1f' % x for x in fs)})")
PY
