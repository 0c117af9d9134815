# Thin wrapper over CMake: `make` builds into build/, `make demo` runs the
# main job on an embedded sample, `make test` runs the whole suite.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps demo test clean

all: $(BUILD)/build.ninja-or-make
	cmake --build $(BUILD) -j $(JOBS)

$(BUILD)/build.ninja-or-make:
	@sh scripts/install-deps.sh build
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	@touch $@

demo: all
	@sh scripts/demo.sh $(BUILD)

test: all
	@sh scripts/install-deps.sh test
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
