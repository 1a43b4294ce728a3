// SPDX-License-Identifier: GPL-2.0
/*
 * Toshiba Bluetooth enabler for the ACPI device TOS6205.
 *
 * The firmware detaches and powers down the USB Bluetooth radio when the
 * kill switch goes off, and leaves it that way. This driver brings the
 * radio back at load, when the switch goes on and after resume, unless the
 * user blocked it through rfkill, and reports the switch as rfkill's hard
 * block.
 *
 * Firmware interface (one Toshiba ACPI device, methods without arguments):
 *   BTST  status: bit 0 switch on, bit 6 USB radio attached, bit 7 powered
 *   AUSB  attach the USB radio      DUSB  detach it
 *   BTPO  power the radio on        BTPF  power it off
 * Switching on notifies the device; switching off notifies nothing.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/acpi.h>
#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/debugfs.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/rfkill.h>
#include <linux/seq_file.h>
#include <linux/workqueue.h>

#include "compat.h"

#define BTST_SWITCH	BIT(0)
#define BTST_ATTACHED	BIT(6)
#define BTST_POWERED	BIT(7)

/*
 * rfkill polls every 5 s (its POLL_INTERVAL) once it is asked to. Polling
 * resumes one such period after the driver finds it needs it again, as
 * rfkill_resume_polling() polls at once: an event's sync has just read
 * the state.
 */
#define TOSBT_POLL_RESTART	(5 * HZ)

enum tosbt_method { BTST, AUSB, DUSB, BTPO, BTPF, NR_METHODS };

static const char * const tosbt_method_name[NR_METHODS] = {
	[BTST] = "BTST", [AUSB] = "AUSB", [DUSB] = "DUSB",
	[BTPO] = "BTPO", [BTPF] = "BTPF",
};

/* Event codes remembered for learning which edges are notified. */
#define TOSBT_CODES	256

/* Bits of tosbt.flags, set outside the lock. */
enum { TOSBT_EVENT, TOSBT_RESUMED };

struct tosbt {
	struct device *dev;
	struct acpi_device *adev;
	struct rfkill *rfkill;
	struct work_struct work;	/* syncs for events and resume */
	struct delayed_work poll_ctl;	/* pauses or resumes rfkill's poll */
	bool polling;			/* rfkill polls; poll_ctl's own */
	struct dentry *debugfs;
	unsigned long flags;
	DECLARE_BITMAP(pending, TOSBT_CODES);	/* codes not yet synced on */

	struct mutex lock;		/* serialises syncs and all below */
	bool has_btst;
	bool removing;
	bool wish_known;		/* rfkill has said blocked or not */
	bool soft_blocked;
	bool known;			/* btst has been read */
	bool switch_on;
	bool doubt;			/* an edge was found without a code */
	bool want_poll;			/* an edge is not known to be notified */
	DECLARE_BITMAP(on_codes, TOSBT_CODES);	/* codes seen with switch-on */
	DECLARE_BITMAP(off_codes, TOSBT_CODES);	/* ... with switch-off */
	DECLARE_BITMAP(noise, TOSBT_CODES);	/* ... with no edge */
	unsigned long long btst;	/* last value read */
	unsigned long failing;		/* methods whose failure was logged */
};

static struct dentry *tosbt_debugfs_root;

static const char *tosbt_type_name(acpi_object_type type)
{
	switch (type) {
	case ACPI_TYPE_STRING:
		return "a String";
	case ACPI_TYPE_BUFFER:
		return "a Buffer";
	case ACPI_TYPE_PACKAGE:
		return "a Package";
	default:
		return "an object of another type";
	}
}

/* Evaluate a method that must return an integer; anything else is AE_TYPE. */
static acpi_status tosbt_eval_integer(acpi_handle handle, char *name,
				      unsigned long long *value,
				      const char **what)
{
	struct acpi_buffer buf = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object *obj;
	acpi_status status;

	status = acpi_evaluate_object(handle, name, NULL, &buf);
	if (ACPI_FAILURE(status))
		return status;
	obj = buf.pointer;
	if (obj && obj->type == ACPI_TYPE_INTEGER) {
		*value = obj->integer.value;
	} else {
		*what = tosbt_type_name(obj ? obj->type : ACPI_TYPE_ANY);
		status = AE_TYPE;
	}
	ACPI_FREE(buf.pointer);
	return status;
}

/*
 * Evaluate one method, counting it and logging a failure once until the
 * method works again. @value may be NULL for methods that return nothing.
 */
static int tosbt_call(struct tosbt *bt, enum tosbt_method m,
		      unsigned long long *value)
{
	const char *name = tosbt_method_name[m];
	acpi_handle handle = bt->adev->handle;
	const char *what = NULL;
	acpi_status status;

	lockdep_assert_held(&bt->lock);
	if (value)
		status = tosbt_eval_integer(handle, (char *)name, value, &what);
	else
		status = acpi_evaluate_object(handle, (char *)name, NULL, NULL);

	if (ACPI_FAILURE(status)) {
		if (!test_and_set_bit(m, &bt->failing)) {
			if (what)
				dev_err(bt->dev, "%s failed: returned %s, not an integer\n",
					name, what);
			else
				dev_err(bt->dev, "%s failed: %s\n", name,
					acpi_format_exception(status));
		}
		return -EIO;
	}
	if (test_and_clear_bit(m, &bt->failing))
		dev_info(bt->dev, "%s works again\n", name);
	return 0;
}

/* Attach, then power: each call only when its effect is missing. */
static int tosbt_radio_on(struct tosbt *bt, unsigned long long st)
{
	int ret;

	if (!(st & BTST_ATTACHED)) {
		dev_dbg(bt->dev, "attaching the USB radio\n");
		ret = tosbt_call(bt, AUSB, NULL);
		if (ret)
			return ret;
	}
	if (!(st & BTST_POWERED)) {
		dev_dbg(bt->dev, "powering the radio on\n");
		return tosbt_call(bt, BTPO, NULL);
	}
	return 0;
}

/* Power off, then detach: the reverse of tosbt_radio_on(). */
static int tosbt_radio_off(struct tosbt *bt, unsigned long long st)
{
	int ret;

	if (st & BTST_POWERED) {
		dev_dbg(bt->dev, "powering the radio off\n");
		ret = tosbt_call(bt, BTPF, NULL);
		if (ret)
			return ret;
	}
	if (st & BTST_ATTACHED) {
		dev_dbg(bt->dev, "detaching the USB radio\n");
		return tosbt_call(bt, DUSB, NULL);
	}
	return 0;
}

/*
 * Which edges the firmware notifies is learnt from the notification codes
 * pending when a sync reads BTST, and a code proves an edge only if it
 * can have come from nothing else:
 *  - codes read with an edge are credited to it;
 *  - codes read without an edge are noise for good: the firmware also
 *    sends them for something else (AUSB and BTPO may notify as they act,
 *    other events come and go), so they cannot tell a move, even if they
 *    were once credited;
 *  - but when the sync before found an edge without a code, codes read
 *    without an edge may be that edge's late Notify, or come from the
 *    AUSB and BTPO it called: they are neither credited nor held against
 *    the firmware.
 *
 * A sync can also run after the switch has moved again (a switch-on event
 * read after a quick switch-off looks like a switch-off event), so
 * switch-off counts as notified only by a code that has never come with a
 * switch-on. Every doubt costs polls, never a missed edge.
 */
static bool tosbt_notifies_on(const struct tosbt *bt)
{
	DECLARE_BITMAP(on_only, TOSBT_CODES);

	return bitmap_andnot(on_only, bt->on_codes, bt->noise, TOSBT_CODES);
}

static bool tosbt_notifies_off(const struct tosbt *bt)
{
	DECLARE_BITMAP(off_only, TOSBT_CODES);

	bitmap_andnot(off_only, bt->off_codes, bt->on_codes, TOSBT_CODES);
	return bitmap_andnot(off_only, off_only, bt->noise, TOSBT_CODES);
}

/* @codes were pending when BTST was read; @moved: it showed an edge. */
static void tosbt_learn(struct tosbt *bt, const unsigned long *codes,
			bool moved)
{
	unsigned long *seen = bt->switch_on ? bt->on_codes : bt->off_codes;

	if (moved)
		bitmap_or(seen, seen, codes, TOSBT_CODES);
	else if (!bt->doubt)
		bitmap_or(bt->noise, bt->noise, codes, TOSBT_CODES);
}

/* Move the codes notified since the last take into @codes. */
static void tosbt_take_codes(struct tosbt *bt, unsigned long *codes)
{
	int i;

	for (i = 0; i < BITS_TO_LONGS(TOSBT_CODES); i++)
		codes[i] = xchg(&bt->pending[i], 0);
}

/*
 * Polling policy. Most firmware notifies the switch-on edge but never the
 * switch-off edge, and some notifies neither. An edge the firmware has
 * been seen to notify needs no polling; any other edge is polled for by
 * rfkill's poll. On most machines that means no firmware calls at all
 * while the switch is off, once the first switch-on event has arrived.
 */
static bool tosbt_needs_poll(const struct tosbt *bt)
{
	if (!bt->has_btst || bt->removing)
		return false;
	return bt->switch_on ? !tosbt_notifies_off(bt) : !tosbt_notifies_on(bt);
}

/*
 * After a sync: have poll_ctl pause rfkill's poll, or resume it, when the
 * need has changed. rfkill_pause_polling() waits for a running poll, which
 * takes the lock, so it cannot be called from here.
 */
static void tosbt_update_polling(struct tosbt *bt)
{
	bool want = tosbt_needs_poll(bt);

	lockdep_assert_held(&bt->lock);
	if (want == bt->want_poll || bt->removing)
		return;
	bt->want_poll = want;
	mod_delayed_work(system_freezable_power_efficient_wq, &bt->poll_ctl,
			 want ? TOSBT_POLL_RESTART : 0);
}

/*
 * The one synchronisation routine: read the state once, report the switch
 * to rfkill and drive the radio toward what the switch and the user want.
 * Called with the lock held, from the work item (events, resume), rfkill's
 * poll and rfkill's set_block. @codes: the notification codes the caller
 * took, to be judged against this read; NULL after resume, when the
 * switch may have moved in sleep, and from set_block, which leaves them
 * to the work item.
 *
 * Until rfkill has passed on the user's wish (its first set_block, right
 * after registration), the radio is left as it is: a user who booted with
 * Bluetooth blocked must not see it come on for a moment.
 *
 * Events, polls and rfkill call only the methods whose effect BTST says is
 * missing. @reassert (load and resume) enables the radio whatever bits 6
 * and 7 say: on some boards they are software shadows of the last AUSB and
 * BTPO, while the real enable line can drop behind the firmware's back,
 * reset across suspend or cut by a hotkey path. Load and resume are when
 * that happens; there it costs AUSB and BTPO after the BTST.
 */
static int tosbt_sync(struct tosbt *bt, const unsigned long *codes,
		      bool reassert)
{
	unsigned long long st;
	bool was_on = bt->switch_on;
	bool moved, has_codes;
	int ret;

	lockdep_assert_held(&bt->lock);
	if (bt->removing)
		return 0;

	/* Firmware without a status method: enable blindly. */
	if (!bt->has_btst) {
		if (!bt->wish_known)
			return 0;
		if (bt->soft_blocked)
			return tosbt_radio_off(bt, BTST_ATTACHED | BTST_POWERED);
		return tosbt_radio_on(bt, 0);
	}

	ret = tosbt_call(bt, BTST, &st);
	if (ret)
		return ret;
	bt->btst = st;
	bt->switch_on = st & BTST_SWITCH;

	has_codes = codes && !bitmap_empty(codes, TOSBT_CODES);
	moved = bt->known && bt->switch_on != was_on;
	if (moved && has_codes)
		dev_dbg(bt->dev, "switch turned %s (event 0x%02lx)\n",
			bt->switch_on ? "on" : "off",
			find_first_bit(codes, TOSBT_CODES));
	else if (moved)
		dev_dbg(bt->dev, "switch turned %s\n",
			bt->switch_on ? "on" : "off");
	if (has_codes && bt->known)
		tosbt_learn(bt, codes, moved);
	/* Until the next sync that takes codes: see tosbt_learn(). */
	if (moved && !has_codes)
		bt->doubt = true;
	else if (codes)
		bt->doubt = false;
	bt->known = true;
	rfkill_set_hw_state(bt->rfkill, !bt->switch_on);

	if (!bt->switch_on || !bt->wish_known)
		return 0;
	if (bt->soft_blocked)
		return tosbt_radio_off(bt, st);
	if (reassert && (st & (BTST_ATTACHED | BTST_POWERED)))
		dev_dbg(bt->dev, "enabling whatever BTST 0x%02llx says\n", st);
	return tosbt_radio_on(bt, reassert ? 0 : st);
}

static void tosbt_work(struct work_struct *work)
{
	struct tosbt *bt = container_of(work, struct tosbt, work);
	bool resumed = test_and_clear_bit(TOSBT_RESUMED, &bt->flags);
	DECLARE_BITMAP(codes, TOSBT_CODES);

	clear_bit(TOSBT_EVENT, &bt->flags);
	mutex_lock(&bt->lock);
	tosbt_take_codes(bt, codes);
	tosbt_sync(bt, resumed ? NULL : codes, resumed);
	tosbt_update_polling(bt);
	mutex_unlock(&bt->lock);
}

/*
 * rfkill's poll, every 5 s while it is not paused: it finds the edges the
 * firmware does not notify. A sync owed to an event or a resume reads the
 * state anyway, and none is needed once every edge is known to be
 * notified (poll_ctl is then about to pause the poll).
 */
static void tosbt_rfkill_poll(struct rfkill *rfkill, void *data)
{
	struct tosbt *bt = data;
	DECLARE_BITMAP(codes, TOSBT_CODES);

	if (test_bit(TOSBT_EVENT, &bt->flags) ||
	    test_bit(TOSBT_RESUMED, &bt->flags))
		return;
	mutex_lock(&bt->lock);
	if (tosbt_needs_poll(bt)) {
		tosbt_take_codes(bt, codes);
		tosbt_sync(bt, codes, false);
	}
	tosbt_update_polling(bt);
	mutex_unlock(&bt->lock);
}

/* Pause or resume rfkill's poll, as the last sync found it is needed. */
static void tosbt_poll_ctl(struct work_struct *work)
{
	struct tosbt *bt = container_of(to_delayed_work(work), struct tosbt,
					poll_ctl);
	bool want, removing;

	mutex_lock(&bt->lock);
	want = bt->want_poll;
	removing = bt->removing;
	mutex_unlock(&bt->lock);
	if (removing || want == bt->polling)
		return;
	dev_dbg(bt->dev, "%s polling\n", want ? "resuming" : "pausing");
	if (want)
		rfkill_resume_polling(bt->rfkill);
	else
		rfkill_pause_polling(bt->rfkill);
	bt->polling = want;
}

/*
 * Any notification is a reason to look again: machines differ in the code
 * they send, and some send Bus Check (a system notification) instead.
 */
static void tosbt_notify(acpi_handle handle, u32 event, void *data)
{
	struct tosbt *bt = data;

	dev_dbg(bt->dev, "notification 0x%02x\n", event);
	if (event < TOSBT_CODES)
		set_bit(event, bt->pending);
	set_bit(TOSBT_EVENT, &bt->flags);
	queue_work(system_freezable_power_efficient_wq, &bt->work);
}

/*
 * rfkill calls this once right after registration with the user's wish
 * (rfkill.default_state, or the state of other Bluetooth devices), and
 * again on every change and at resume. If the firmware fails, the error
 * makes rfkill keep its previous state, and so does the driver; but not
 * on the first call, whose "previous state" is only rfkill's default.
 */
static int tosbt_rfkill_set_block(void *data, bool blocked)
{
	struct tosbt *bt = data;
	bool first, was_blocked;
	int ret = 0;

	mutex_lock(&bt->lock);
	first = !bt->wish_known;
	/* rfkill repeats the current state on resume: nothing to do then. */
	if (first || bt->soft_blocked != blocked) {
		dev_dbg(bt->dev, "soft %s\n", blocked ? "blocked" : "unblocked");
		was_blocked = bt->soft_blocked;
		bt->soft_blocked = blocked;
		bt->wish_known = true;
		ret = tosbt_sync(bt, NULL, first);
		if (ret && first) {
			/*
			 * rfkill would fall back to its initial "unblocked" and
			 * not ask again: keep the user's wish, for the next sync
			 * to apply.
			 */
			ret = 0;
		} else if (ret) {
			bt->soft_blocked = was_blocked;
		} else if (first && bt->has_btst) {
			dev_info(bt->dev, "switch %s, radio %s\n",
				 bt->switch_on ? "on" : "off",
				 bt->switch_on && !blocked ? "on" : "off");
		}
		tosbt_update_polling(bt);
	}
	mutex_unlock(&bt->lock);
	return ret;
}

static const struct rfkill_ops tosbt_rfkill_ops = {
	.poll = tosbt_rfkill_poll,
	.set_block = tosbt_rfkill_set_block,
};

/* What a user or a maintainer asks first: what the driver believes. */
static int tosbt_state_show(struct seq_file *s, void *unused)
{
	struct tosbt *bt = s->private;

	mutex_lock(&bt->lock);
	if (bt->has_btst && bt->known)
		seq_printf(s, "btst: 0x%02llx switch=%d attached=%d powered=%d\n",
			   bt->btst, !!(bt->btst & BTST_SWITCH),
			   !!(bt->btst & BTST_ATTACHED),
			   !!(bt->btst & BTST_POWERED));
	else
		seq_printf(s, "btst: %s\n", bt->has_btst ? "not read" : "absent");
	seq_printf(s, "soft_blocked: %d\n", bt->soft_blocked);
	seq_printf(s, "notifies: on=%d off=%d\n", tosbt_notifies_on(bt),
		   tosbt_notifies_off(bt));
	seq_printf(s, "polling: %d\n", bt->want_poll);
	mutex_unlock(&bt->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tosbt_state);

static int tosbt_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct acpi_device *adev = ACPI_COMPANION(dev);
	struct tosbt *bt;
	int ret;

	if (!adev)
		return -ENODEV;

	bt = devm_kzalloc(dev, sizeof(*bt), GFP_KERNEL);
	if (!bt)
		return -ENOMEM;
	bt->dev = dev;
	bt->adev = adev;
	mutex_init(&bt->lock);
	INIT_WORK(&bt->work, tosbt_work);
	INIT_DELAYED_WORK(&bt->poll_ctl, tosbt_poll_ctl);
	platform_set_drvdata(pdev, bt);

	bt->has_btst = acpi_has_method(adev->handle, "BTST");
	if (!bt->has_btst)
		dev_warn(dev, "firmware has no BTST: enabling without status, no switch reporting\n");
	/*
	 * rfkill polls from registration on, until poll_ctl pauses it. The
	 * need is decided before registration, with no lock: rfkill's first
	 * set_block may hold the lock through slow firmware calls, and the
	 * probe must not wait behind them.
	 */
	bt->polling = true;
	bt->want_poll = tosbt_needs_poll(bt);

	bt->rfkill = rfkill_alloc("Toshiba Bluetooth", dev, RFKILL_TYPE_BLUETOOTH,
				  &tosbt_rfkill_ops, bt);
	if (!bt->rfkill) {
		ret = -ENOMEM;
		goto err_mutex;
	}
	ret = rfkill_register(bt->rfkill);
	if (ret)
		goto err_rfkill_free;

	ret = compat_install_notify(adev, ACPI_ALL_NOTIFY, tosbt_notify, bt);
	if (ret)
		goto err_rfkill_unregister;

	/*
	 * Without BTST rfkill's poll has nothing to read: poll_ctl pauses it.
	 * has_btst, not want_poll, which a sync may already be changing.
	 * The radio is rfkill's first set_block's to drive, not probe's.
	 */
	if (!bt->has_btst)
		mod_delayed_work(system_freezable_power_efficient_wq,
				 &bt->poll_ctl, 0);

	bt->debugfs = debugfs_create_dir(dev_name(dev), tosbt_debugfs_root);
	debugfs_create_file("state", 0444, bt->debugfs, bt, &tosbt_state_fops);
	return 0;

err_rfkill_unregister:
	mutex_lock(&bt->lock);
	bt->removing = true;
	mutex_unlock(&bt->lock);
	/*
	 * rfkill_register() scheduled rfkill's own sync, which calls
	 * set_block; rfkill_unregister() waits for it and for a running poll.
	 * Then the work items are cancelled, whoever queued them, so that
	 * none runs on the freed bt.
	 */
	rfkill_unregister(bt->rfkill);
	cancel_work_sync(&bt->work);
	cancel_delayed_work_sync(&bt->poll_ctl);
err_rfkill_free:
	rfkill_destroy(bt->rfkill);
err_mutex:
	mutex_destroy(&bt->lock);
	return ret;
}

/* Unbinding leaves the radio as it is: it must not cut the user's Bluetooth. */
static COMPAT_REMOVE_RET tosbt_remove(struct platform_device *pdev)
{
	struct tosbt *bt = platform_get_drvdata(pdev);

	debugfs_remove_recursive(bt->debugfs);

	/* From here on, syncs touch nothing and poll_ctl is not queued. */
	mutex_lock(&bt->lock);
	bt->removing = true;
	mutex_unlock(&bt->lock);

	compat_remove_notify(bt->adev, ACPI_ALL_NOTIFY, tosbt_notify);
	cancel_work_sync(&bt->work);
	cancel_delayed_work_sync(&bt->poll_ctl);
	rfkill_unregister(bt->rfkill);
	rfkill_destroy(bt->rfkill);
	mutex_destroy(&bt->lock);
	return COMPAT_REMOVE_OK;
}

/*
 * No firmware calls while devices sleep; resume looks again. rfkill stops
 * its own poll across suspend, and starts it again after resume unless the
 * driver had paused it.
 */
static int tosbt_suspend(struct device *dev)
{
	struct tosbt *bt = dev_get_drvdata(dev);

	cancel_work_sync(&bt->work);
	return 0;
}

/*
 * The switch may have moved while the machine slept, with no event, and
 * the radio's enable line may have been reset (see tosbt_sync()). The
 * sync runs from the work item, so resume does not wait for the firmware.
 */
static int tosbt_resume(struct device *dev)
{
	struct tosbt *bt = dev_get_drvdata(dev);

	set_bit(TOSBT_RESUMED, &bt->flags);
	queue_work(system_freezable_power_efficient_wq, &bt->work);
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(tosbt_pm_ops, tosbt_suspend, tosbt_resume);

/*
 * The ACPI core makes a platform device only for a TOS6205 whose _STA says
 * it is present: the absent ones some BIOSes carry never reach probe.
 */
static const struct acpi_device_id tosbt_acpi_ids[] = {
	{ "TOS6205" },
	{ }
};
MODULE_DEVICE_TABLE(acpi, tosbt_acpi_ids);

static struct platform_driver tosbt_driver = {
	.probe = tosbt_probe,
	.remove = tosbt_remove,
	.driver = {
		.name = "toshiba_bluetooth",
		.acpi_match_table = tosbt_acpi_ids,
		.pm = pm_sleep_ptr(&tosbt_pm_ops),
		.probe_type = PROBE_PREFER_ASYNCHRONOUS,
	},
};

static int __init tosbt_init(void)
{
	int ret;

	tosbt_debugfs_root = debugfs_create_dir(KBUILD_MODNAME, NULL);
	ret = platform_driver_register(&tosbt_driver);
	if (ret)
		debugfs_remove_recursive(tosbt_debugfs_root);
	return ret;
}
module_init(tosbt_init);

static void __exit tosbt_exit(void)
{
	platform_driver_unregister(&tosbt_driver);
	debugfs_remove_recursive(tosbt_debugfs_root);
}
module_exit(tosbt_exit);

/* Kept equal to PACKAGE_VERSION in dkms.conf; DKMS compares it. */
MODULE_VERSION("0.1.0");
MODULE_DESCRIPTION("Toshiba laptop ACPI Bluetooth enabler with rfkill");
MODULE_LICENSE("GPL");
