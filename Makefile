# Thin wrapper over CMake: `make` builds into build/, `make demo` scores a
# generated sample, `make test` runs the whole suite through ctest.
# `make install` puts the CLI, libvmaf (.so.3 and .a), its headers and
# libvmaf.pc under PREFIX (default /usr/local), staged under DESTDIR when
# set; `make uninstall` removes what the last install wrote.
# Instrumented builds, each in a directory of its own, all CPU only (no GPU
# backend):
#   make sanitize  the whole suite under ASan + UBSan (build-asan/)
#   make tsan      the threaded tests under TSan (build-tsan/)
#   make fuzz      each libFuzzer target for FUZZ_SECONDS (build-fuzz/, clang)
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 30
PREFIX ?= /usr/local
DESTDIR ?=

# A report aborts, so that scripts that judge exit codes see a crash
# (status >= 128) rather than an ordinary error.
SANITIZER_ENV = ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 \
	UBSAN_OPTIONS=abort_on_error=1:print_stacktrace=1 \
	TSAN_OPTIONS=abort_on_error=1:halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/tests/tsan.supp
SANITIZED_CMAKE = -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVMAF_CUDA=OFF -DVMAF_SYCL=OFF -DVMAF_HIP=OFF

.PHONY: all demo test test-no-cuda test-hip install uninstall sanitize tsan fuzz clean

all: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

$(BUILD)/CMakeCache.txt:
	@sh scripts/install-deps.sh build
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

demo: all
	@sh scripts/demo.sh $(BUILD)

# The SYCL backend joins the suite where AdaptiveCpp can be built (from
# ../shared), and the HIP backend where ROCm's hipcc can be installed, before
# the build is configured; configuring again lets an existing build find them.
test:
	@sh scripts/adaptivecpp.sh $(BUILD)/_deps/adaptivecpp || echo "(the SYCL tests will skip)"
	@sh scripts/install-deps.sh hip || echo "(the HIP backend will not be built)"
	@if [ -f $(BUILD)/CMakeCache.txt ]; then cmake $(BUILD) >/dev/null; fi
	@$(MAKE) --no-print-directory all
	@sh scripts/install-deps.sh test
	@sh scripts/ffmpeg-source.sh $(BUILD)/_deps/ffmpeg-src || echo "(install.ffmpeg will skip)"
	cd $(BUILD) && { ctest --output-on-failure -j $(JOBS) --output-junit ctest-junit.xml; \
		status=$$?; python3 $(CURDIR)/scripts/skip-report.py ctest-junit.xml; exit $$status; }

# The HIP and SYCL backends on the GPU host layer alone, in a build without
# CUDA (what an AMD GPU's machine has): built (HIP for one architecture; the
# main build compiles all) and their checks, the registry's and the CLI's run.
# After `make test`, whose AdaptiveCpp and HIP packages it uses.
NOCUDA_BUILD ?= build-nocuda
test-no-cuda:
	cmake -S . -B $(NOCUDA_BUILD) -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=OFF \
		-DVMAF_HIP_ARCHS=gfx90a \
		-DAdaptiveCpp_DIR=$(CURDIR)/$(BUILD)/_deps/adaptivecpp/lib/cmake/AdaptiveCpp
	cmake --build $(NOCUDA_BUILD) -j $(JOBS)
	cd $(NOCUDA_BUILD) && ctest --output-on-failure -j $(JOBS) -E sycl.test_sycl_parity \
		-R "^(hip|sycl)[.]|cli.flags|unit.test_registry|unit.test_shared_frame|unit.test_cuda_graph"

# On a machine with an AMD GPU and ROCm: the HIP backend's tests, its parity
# with the CPU on every feature and frame included (docs/hip.md).
# VMAF_HIP_ARCHS=gfx942 (say) builds for the GPU at hand.
test-hip:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DVMAF_HIP=ON \
		$(if $(VMAF_HIP_ARCHS),-DVMAF_HIP_ARCHS="$(VMAF_HIP_ARCHS)") $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -L hip

# The loader's cache learns of the new library when installing for real as root.
install: all
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi

uninstall:
	DESTDIR="$(DESTDIR)" cmake --build $(BUILD) --target uninstall

sanitize:
	@sh scripts/install-deps.sh build
	@sh scripts/install-deps.sh sanitize
	@sh scripts/install-deps.sh test
	cmake -S . -B $(ASAN_BUILD) $(SANITIZED_CMAKE) -DVMAF_SANITIZE=address,undefined
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && { $(SANITIZER_ENV) ctest --output-on-failure -j $(JOBS) \
		--output-junit ctest-junit.xml; status=$$?; \
		python3 $(CURDIR)/scripts/skip-report.py ctest-junit.xml; exit $$status; }

tsan:
	@sh scripts/install-deps.sh build
	@sh scripts/install-deps.sh sanitize
	@sh scripts/install-deps.sh test
	cmake -S . -B $(TSAN_BUILD) $(SANITIZED_CMAKE) -DVMAF_SANITIZE=thread
	cmake --build $(TSAN_BUILD) -j $(JOBS)
	cd $(TSAN_BUILD) && $(SANITIZER_ENV) ctest --output-on-failure -j $(JOBS) -L threads

fuzz:
	@sh scripts/install-deps.sh build
	@sh scripts/install-deps.sh fuzz
	cmake -S . -B $(FUZZ_BUILD) $(SANITIZED_CMAKE) -DCMAKE_C_COMPILER=clang -DVMAF_FUZZ=ON
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzzers gen_yuv
	$(SANITIZER_ENV) sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD)
