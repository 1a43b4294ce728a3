# SPDX-License-Identifier: GPL-2.0
# toshiba_bluetooth: the driver, and the virtual Toshiba that tests it.
#
#   make demo      the article's story on the virtual Toshiba (QEMU)
#   make check     lint and every bench scenario on every bench kernel
#   make compare   the scenarios against our driver and the in-tree one
#   make lint      checkpatch --strict, sparse and W=1 on every bench kernel
#   make module    build the driver for the running kernel (see driver/)

.PHONY: all demo check compare lint module clean

all: module

demo:
	@bench/scripts/demo.sh

check:
	@tests/check.sh

compare:
	@tests/compare.sh

lint:
	@bash -c '. tests/ktap.sh; bench/scripts/setup.sh && \
		ktap_merge "" < <(tests/lint.sh); ktap_summary'

module:
	$(MAKE) -C driver

clean:
	$(MAKE) -C driver clean
