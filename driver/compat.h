/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel-version difference the driver needs, in one place. Each
 * shim names the upstream commit that changed the interface and the
 * release that first had it; docs/compat.md lists every interface the
 * driver calls, and the lint checks that the two agree.
 */
#ifndef TOSHIBA_BLUETOOTH_COMPAT_H
#define TOSHIBA_BLUETOOTH_COMPAT_H

#include <linux/acpi.h>
#include <linux/platform_device.h>
#include <linux/version.h>

/*
 * The floor is the oldest kernel the bench tests. What sets the lowest
 * possible one: DEFINE_SIMPLE_DEV_PM_OPS() and pm_sleep_ptr(), from
 * 1a3c7bb08826 ("PM: core: Add new *_PM_OPS macros, deprecate old ones"),
 * v5.17.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0)
#error "toshiba_bluetooth needs Linux 6.1 or later"
#endif

/*
 * Notify handlers: acpi_dev_install_notify_handler() came in v6.6 with
 * c542ce36a9f0 ("ACPI: bus: Introduce wrappers for ACPICA notify handler
 * install/remove"), but with three arguments, handing the handler the
 * acpi_device. Its context argument came in v6.7 with 470508f63ad2
 * ("ACPI: bus: Add context argument to acpi_dev_install_notify_handler()").
 * Before v6.7 the ACPICA call is used directly. Both wait for running
 * handlers on removal.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
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
 * platform_driver.remove returns void from v6.11, 0edb555a65d1
 * ("platform: Make platform_driver::remove() return void"); before, it
 * returned an int that the driver core ignored.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define COMPAT_REMOVE_RET	void
#define COMPAT_REMOVE_OK
#else
#define COMPAT_REMOVE_RET	int
#define COMPAT_REMOVE_OK	0
#endif

#endif /* TOSHIBA_BLUETOOTH_COMPAT_H */
