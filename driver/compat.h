/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version difference the driver needs, in one place.
 * The driver is built and tested on Debian's 6.1, 6.12, 7.2 and 7.3
 * kernels (bench/kernels.list); 6.13 to 7.3 needed no new shim.
 */
#ifndef TOSHIBA_BLUETOOTH_COMPAT_H
#define TOSHIBA_BLUETOOTH_COMPAT_H

#include <linux/acpi.h>
#include <linux/platform_device.h>
#include <linux/version.h>

/* The floor: DEFINE_SIMPLE_DEV_PM_OPS() and pm_sleep_ptr() are from v5.17. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0)
#error "toshiba_bluetooth needs Linux 6.1 or later"
#endif

/*
 * Notify handlers: from v6.6 acpi_dev_install_notify_handler() takes a
 * context and is the way drivers bound to an ACPI companion install one.
 * Before, the ACPICA call is used directly. Both wait for running handlers
 * on removal.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
static inline int compat_install_notify(struct acpi_device *adev, u32 type,
					acpi_notify_handler handler, void *ctx)
{
	return acpi_dev_install_notify_handler(adev, type, handler, ctx);
}

static inline void compat_remove_notify(struct acpi_device *adev, u32 type,
					acpi_notify_handler handler)
{
	acpi_dev_remove_notify_handler(adev, type, handler);
}
#else
static inline int compat_install_notify(struct acpi_device *adev, u32 type,
					acpi_notify_handler handler, void *ctx)
{
	acpi_status status;

	status = acpi_install_notify_handler(adev->handle, type, handler, ctx);
	return ACPI_FAILURE(status) ? -ENODEV : 0;
}

static inline void compat_remove_notify(struct acpi_device *adev, u32 type,
					acpi_notify_handler handler)
{
	acpi_remove_notify_handler(adev->handle, type, handler);
}
#endif

/*
 * v6.11 made platform_driver.remove return void; before, it returned an
 * int that the driver core ignored.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define COMPAT_REMOVE_RET	void
#define COMPAT_REMOVE_OK
#else
#define COMPAT_REMOVE_RET	int
#define COMPAT_REMOVE_OK	0
#endif

#endif /* TOSHIBA_BLUETOOTH_COMPAT_H */
