# SPDX-License-Identifier: GPL-2.0
# toshiba_bluetooth: the driver, and the virtual Toshiba that tests it.
#
#   make demo      the article's story on the virtual Toshiba (QEMU)
#   make check     lint, every bench scenario on the oldest and newest
#                  bench kernels and the middle ones' share (bench/plan.toml),
#                  the DKMS and package round trips, the system lane on
#                  Debian 12 (6.1) and acpi-survey's tests
#   make check-system  Debian with systemd on the virtual Toshiba: apt,
#                  DKMS, udev, systemd-rfkill and a real suspend, on Debian
#                  12 (6.1) and 13 (7.3) [SYSTEM="oldest newest"]
#   make compare   the scenarios against our driver, the in-tree one and
#                  the in-tree one with the upstream series (upstream/)
#   make series-check  the upstream series patch by patch: checkpatch,
#                  builds, and which scenarios each patch turns to pass
#   make bench     benchmarks of both drivers -> docs/benchmarks.md
#   make stress    the stress scenarios at full counts
#   make check-debug  every scenario on a KASAN/lockdep/kmemleak kernel
#   make lint      checkpatch --strict, sparse and W=1 on every bench kernel
#   make module    build the driver for the running kernel (see driver/)
#   make dkms-install, dkms-uninstall   [KVER=...] (root)
#   make deb       a toshiba-bluetooth-dkms .deb in dist/ [DIST=...]
#   make tools     build tools/acpi-survey
#   make install-tools [DESTDIR=... PREFIX=/usr/local]
#   make check-tools   acpi-survey's tests only (part of make check)

# What DKMS and the package ship: the driver's sources, nothing else.
DKMS_FILES := dkms.conf Kbuild Makefile toshiba_bluetooth.c compat.h
VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' driver/dkms.conf)
DKMS_SRC := /usr/src/toshiba-bluetooth-$(VERSION)
KVER ?= $(shell uname -r)
# Where make deb puts the package; the tests give each their own folder.
DIST ?= dist
STAGE = $(DIST)/stage/toshiba-bluetooth-$(VERSION)
# The system lane's images: bench kernels by name, or roles of bench/plan.toml.
SYSTEM ?= oldest newest
# Every lane of the bench is one call to its runner (bench/runner), after
# setup.sh has installed what it needs (python3 among them, on a fresh
# machine).
RUNNER := bench/scripts/setup.sh && python3 -B bench/runner

.PHONY: all demo check check-system check-debug compare series-check bench stress lint module clean dkms-install dkms-uninstall deb \
	tools install-tools check-tools

all: module

demo:
	@$(RUNNER) demo

check:
	@$(RUNNER) check

check-system:
	@$(RUNNER) check-system $(SYSTEM)

compare:
	@$(RUNNER) compare

series-check:
	@$(RUNNER) series-check

bench:
	@$(RUNNER) bench

stress:
	@$(RUNNER) stress

check-debug:
	@$(RUNNER) check-debug

lint:
	@$(RUNNER) lint

module:
	$(MAKE) -C driver

tools:
	$(MAKE) -C tools/acpi-survey

install-tools:
	$(MAKE) -C tools/acpi-survey install

check-tools:
	@$(RUNNER) check-tools

clean:
	$(MAKE) -C driver clean
	$(MAKE) -C tools/acpi-survey clean

dkms-install:
	install -d $(DKMS_SRC)
	cd driver && install -m 0644 $(DKMS_FILES) $(DKMS_SRC)/
	dkms status toshiba-bluetooth/$(VERSION) | grep -q . || \
		dkms add toshiba-bluetooth/$(VERSION)
	dkms install toshiba-bluetooth/$(VERSION) -k $(KVER)

dkms-uninstall:
	-dkms remove toshiba-bluetooth/$(VERSION) --all
	rm -rf $(DKMS_SRC)

# Build from a copy holding only what the package needs, so that the
# work tree's build products and tests stay out of it.
deb:
	rm -rf $(DIST)/stage && mkdir -p $(STAGE)/driver
	cp -r debian $(STAGE)/
	cp $(addprefix driver/,$(DKMS_FILES)) $(STAGE)/driver/
	cd $(STAGE) && dpkg-buildpackage -us -uc -b
	mv $(DIST)/stage/*.deb $(DIST)/ && rm -rf $(DIST)/stage
