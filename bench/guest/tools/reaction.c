// SPDX-License-Identifier: GPL-2.0
/*
 * Guest-side timer for the benchmarks: how long from an action to the
 * emulated radio being attached and powered, measured with CLOCK_MONOTONIC
 * and the registers polled through acpi_call every STEP_US.
 *
 *   reaction flips N      N times: switch off, then time "switch on with
 *                         the event"; prints one sample (us) per line, or
 *                         "never" when the radio stays down for TIMEOUT_US
 *   reaction load MODULE  time from finit_module() to the radio up
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define STEP_US		200
#define TIMEOUT_US	3000000L
#define RADIO_UP	0x13	/* BTSW | BTPW | BTDT in register 0 */

static long call(const char *method, char *out, size_t len)
{
	int fd = open("/proc/acpi/call", O_RDWR);
	ssize_t n;

	if (fd < 0 || write(fd, method, strlen(method)) < 0) {
		perror("acpi_call");
		exit(2);
	}
	lseek(fd, 0, SEEK_SET);
	n = read(fd, out, len - 1);
	close(fd);
	out[n > 0 ? n : 0] = '\0';
	return strtol(out, NULL, 0);
}

static long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

/* Microseconds from t0 until the radio is up, or -1 after TIMEOUT_US. */
static long wait_up(long t0)
{
	struct timespec step = { 0, STEP_US * 1000L };
	char buf[64];

	for (;;) {
		long t = now_us();

		if (call("\\_SB.BTCT.REGS", buf, sizeof(buf)) == RADIO_UP)
			return t - t0;
		if (t - t0 > TIMEOUT_US)
			return -1;
		nanosleep(&step, NULL);
	}
}

static int flips(int n)
{
	struct timespec pause = { 0, 20 * 1000000L };
	char buf[64];
	int i, never = 0;

	for (i = 0; i < n; i++) {
		long t0, us;

		call("\\_SB.BTCT.FLIP 0 0", buf, sizeof(buf));
		nanosleep(&pause, NULL);
		t0 = now_us();
		call("\\_SB.BTCT.FLIP 1 1", buf, sizeof(buf));
		us = wait_up(t0);
		if (us < 0) {
			printf("never\n");
			/* A driver that never reacts: three misses tell it all. */
			if (++never == 3)
				return 0;
		} else {
			printf("%ld\n", us);
		}
		fflush(stdout);
	}
	return 0;
}

static int load(const char *path)
{
	int fd = open(path, O_RDONLY);
	long t0, us;

	if (fd < 0) {
		perror(path);
		return 2;
	}
	t0 = now_us();
	if (syscall(SYS_finit_module, fd, "", 0)) {
		perror("finit_module");
		return 2;
	}
	close(fd);
	us = wait_up(t0);
	if (us < 0)
		printf("never\n");
	else
		printf("%ld\n", us);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "flips"))
		return flips(atoi(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "load"))
		return load(argv[2]);
	fprintf(stderr, "usage: reaction flips N | reaction load MODULE\n");
	return 2;
}
