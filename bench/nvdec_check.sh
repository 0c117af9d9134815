#!/bin/bash
# FFmpeg's libvmaf_cuda and our CLI on NVDEC, on a GPU machine, in one call
# (docs/benchmarks.md, "FFmpeg's libvmaf_cuda" and "Encoded input"): parity
# of the filter on our library, of our CLI on NVDEC and on CPU decoding, and
# the fps of each beside FFmpeg's NVDEC decode-only run and the filter on the
# reference's library; a batch of 32 encoded and of 32 raw pairs. Builds the
# tree with CUDA for sm_90 and runs the GPU tests meanwhile.
# DEVDIR holds: ffmpeg (FFmpeg 7.1 with NVDEC, scale_cuda, libvmaf), vmaf (our
# CLI, FFmpeg's libraries linked in: -DVMAF_LIBAV_STATIC=ON), lib/ours and
# lib/ref (libvmaf.so.3 of each), clips/NAME_{ref,dis}.mp4. Logs go to $OUT.
# Made on the build machine: FFmpeg 7.1 (scripts/ffmpeg-source.sh) configured
# as docs/ffmpeg.md says with --disable-everything plus the h264/hevc
# decoders and NVDEC hwaccels, the mov demuxer, scale_cuda, libvmaf(_cuda),
# null and yuv4mpegpipe muxers, then `make install prefix=P` (fix libdir and
# includedir in P/lib/pkgconfig/*.pc); our CLI with
# PKG_CONFIG_PATH=P/lib/pkgconfig cmake -DVMAF_LIBAV_STATIC=ON
# -DCMAKE_CUDA_ARCHITECTURES=90; clips: NAME = h264_1080 hevc_1080 h264_2160
# hevc_2160, testsrc encoded with libx264/libx265 (docs/benchmarks.md).
set -u
D=${DEVDIR:?set DEVDIR}; OUT=${OUT:-/tmp/nvdec_check}; mkdir -p "$OUT"
V=$D/vmaf FF=$D/ffmpeg C=$D/clips W=/tmp/w
SAME="python3 tests/install/same_scores.py"
mkdir -p $W; chmod +x $V $FF
exec > >(tee $OUT/run.log) 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc; date
ff() { LD_LIBRARY_PATH=$1 $FF -hide_banner -nostdin -loglevel error "${@:2}"; }
hw="-hwaccel cuda -hwaccel_output_format cuda"
sc="[0:v]scale_cuda=format=yuv420p[r];[1:v]scale_cuda=format=yuv420p[d]"
now() { date +%s.%N; }
fps() { python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2]))))" "$@"; }
frames_of() { case $1 in *_2160) echo 600 ;; *) echo 1200 ;; esac; }
(cmake -S . -B /tmp/b -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null && cmake --build /tmp/b -j 10 >/dev/null && echo build ok) > $OUT/build.log 2>&1 &
bpid=$!
echo "== parity (filter = FFmpeg libvmaf_cuda on our library; cpu = our CLI, CPU decode; nv = our CLI, NVDEC)"
for p in h264_1080 hevc_1080 h264_2160 hevc_2160; do
  ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -filter_complex "$sc;[d][r]libvmaf_cuda=log_fmt=json:log_path=$W/$p.ff.json" -f null - || echo "FAIL filter $p"
  $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec none -q --json -o $W/$p.cpu.json || echo "FAIL cpudec $p"
  $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda --json -o $W/$p.nv.json 2>&1 | grep -v "^$" | tail -3 || echo "FAIL nvdec $p"
  $SAME $W/$p.cpu.json $W/$p.ff.json "$p: libvmaf_cuda filter against the CLI"
  $SAME $W/$p.cpu.json $W/$p.nv.json "$p: CLI on NVDEC against the CLI on CPU decoding"
done
for s in ref dis; do ff $D/lib/ours -y -i $C/h264_1080_$s.mp4 -f yuv4mpegpipe $W/$s.y4m; done
$V -r $W/ref.y4m -d $W/dis.y4m -q --json -o $W/y4m.json; rm -f $W/*.y4m
$SAME $W/y4m.json $W/h264_1080.nv.json "h264_1080: CLI on NVDEC against the CLI on Y4M"
$V -r $C/h264_1080_ref.mp4 -d $C/h264_1080_dis.mp4 --backend cpu --threads 16 -q --json -o $W/cpuall.json
$SAME $W/cpuall.json $W/h264_1080.nv.json "h264_1080: CLI on NVDEC + CUDA against the CPU backend"
date; wait $bpid; cat $OUT/build.log
(cd /tmp/b && timeout 120 ctest -j 4 -R "^cuda\.|test_shared_frame|test_context" --output-on-failure > $OUT/ctest.log 2>&1; tail -3 $OUT/ctest.log)
echo "== speed (fps of the whole process)"; date
for p in h264_1080 hevc_1080 h264_2160 hevc_2160; do
  n=$(frames_of $p); reps=2; vars="decode filter reference nvdec"
  [ $p = h264_1080 ] && { reps=3; vars="$vars cpudec"; }
  for r in $(seq $reps); do
    line="$p round $r:"
    for v in $vars; do
      t0=$(now)
      case $v in
      decode) ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -map 0:v -map 1:v -f null - ;;
      filter) ff $D/lib/ours $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -filter_complex "$sc;[d][r]libvmaf_cuda" -f null - ;;
      reference) ff $D/lib/ref $hw -i $C/${p}_ref.mp4 $hw -i $C/${p}_dis.mp4 -filter_complex "$sc;[d][r]libvmaf_cuda" -f null - ;;
      nvdec) $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec cuda -q -o /dev/null ;;
      cpudec) $V -r $C/${p}_ref.mp4 -d $C/${p}_dis.mp4 --hwdec none -q -o /dev/null ;;
      esac || echo "FAIL $v $p"
      line="$line $v $(fps $n $t0 $(now))"
    done
    echo "$line"
  done
done
echo "== NVDEC ceiling: 7 decode-only processes of h264_1080 at once"; t0=$(now)
for i in 1 2 3 4 5 6 7; do ff $D/lib/ours $hw -i $C/h264_1080_ref.mp4 $hw -i $C/h264_1080_dis.mp4 -map 0:v -map 1:v -f null - & done; wait
echo "aggregate: $(fps $((7*1200)) $t0 $(now)) pair-frames/s"
echo "== batch of 32 H.264 1080p pairs (1,200 frames each)"
for i in $(seq 32); do printf '%s\t%s\t%s\n' $C/h264_1080_ref.mp4 $C/h264_1080_dis.mp4 $W/b$i.json; done > $W/list.txt
t0=$(now); timeout 150 $V --batch $W/list.txt --hwdec cuda --jobs 8 -q --json || echo "FAIL batch"
echo "jobs 8: $(fps $((32*1200)) $t0 $(now)) frames/s"
$SAME $W/h264_1080.nv.json $W/b17.json "batch line 17 against one run"
echo "== batch of 32 raw 1080p pairs (240 frames each)"
ff $D/lib/ours -y -i $C/h264_1080_ref.mp4 -frames:v 240 -f rawvideo -pix_fmt yuv420p $W/r.yuv
ff $D/lib/ours -y -i $C/h264_1080_dis.mp4 -frames:v 240 -f rawvideo -pix_fmt yuv420p $W/d.yuv
for i in $(seq 32); do printf '%s\t%s\t%s\n' $W/r.yuv $W/d.yuv $W/y$i.json; done > $W/ylist.txt
cat $W/r.yuv $W/d.yuv > /dev/null
for jobs in 4 8; do
  t0=$(now); timeout 60 $V --batch $W/ylist.txt -w 1920 -h 1080 -p 420 -b 8 --jobs $jobs -q --json || echo "FAIL raw batch"
  echo "raw jobs $jobs: $(fps $((32*240)) $t0 $(now)) frames/s"
done
date
