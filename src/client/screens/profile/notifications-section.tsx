import { useLingui } from "@lingui/react";
import { BellRing, Smartphone, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { Checkbox } from "#client/components/ui/checkbox.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  refreshNotificationSettings,
  useNotificationSettings,
  useRemoveDevice,
  useSendTestNotification,
  useUpdateNotificationSettings,
} from "#client/features/notifications/api.ts";
import {
  notifyThisDevice,
  type PushSupport,
  pushSupport,
  stopThisDevice,
  thisDeviceId,
} from "#client/features/notifications/push-device.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import {
  hourLabel,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from "#shared/schemas/notifications.ts";
import { DefaultReminders } from "./default-reminders";

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: /*i18n*/ "Email",
  push: /*i18n*/ "Push",
};
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const selectClass =
  "h-11 w-full rounded-xl bg-white px-3 text-sm text-slate-900 ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 sm:w-56 dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700";

/** Profile → Notifications (docs/decisions/024-chasing.md): what Collect tells you, how, and when not to. */
export function NotificationsSection() {
  const { i18n } = useLingui();
  const { data: settings, isError } = useNotificationSettings();
  return (
    <Card id="notifications" className="mt-6 scroll-mt-20">
      <div className="space-y-1 p-5 pb-0 sm:p-6 sm:pb-0">
        <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {i18n._("Notifications")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._("How Collect tells you when someone opens or pays a request.")}
        </p>
      </div>
      <CardContent className="space-y-8">
        {settings ? (
          <>
            <EventSwitches settings={settings} />
            <QuietHours settings={settings} />
            <DigestHour settings={settings} />
            <DefaultReminders reminderDays={settings.reminderDays} />
            <ThisDevice settings={settings} />
          </>
        ) : isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            {i18n._("Notification settings could not be loaded.")}
          </p>
        ) : (
          <Spinner />
        )}
      </CardContent>
    </Card>
  );
}

function EventSwitches({ settings }: { settings: NotificationSettings }) {
  const { i18n } = useLingui();
  const update = useUpdateNotificationSettings();
  const toggle = (event: NotificationEvent, channel: NotificationChannel, on: boolean) =>
    update.mutate(
      { channels: { [event]: { [channel]: on } } },
      { onError: (error) => showMutationError(i18n._("Setting not saved"), error) },
    );
  return (
    <section aria-labelledby="notify-events-heading" className="space-y-3">
      <h3 id="notify-events-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Tell me when")}
      </h3>
      <div className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {NOTIFICATION_EVENTS.map((event) => (
          <fieldset key={event} className="flex flex-wrap items-center gap-x-6 gap-y-2 p-3">
            <legend className="sr-only">{i18n._(NOTIFICATION_EVENT_LABELS[event])}</legend>
            <span
              aria-hidden="true"
              className="min-w-0 flex-1 basis-40 text-sm text-slate-900 dark:text-slate-100"
            >
              {i18n._(NOTIFICATION_EVENT_LABELS[event])}
            </span>
            {(["email", "push"] as const).map((channel) => {
              const id = `notify-${event}-${channel}`;
              return (
                <div key={channel} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={settings.channels[event][channel]}
                    // Without push on this server there is nothing to switch (the section says so).
                    disabled={channel === "push" && !settings.push.configured}
                    onCheckedChange={(checked) => toggle(event, channel, checked === true)}
                  />
                  {/* 44 px tall and as wide as its word and a little more: the target a thumb needs. */}
                  <Label htmlFor={id} className="min-h-11 min-w-11 cursor-pointer content-center pe-2">
                    {i18n._(CHANNEL_LABELS[channel])}
                  </Label>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

function QuietHours({ settings }: { settings: NotificationSettings }) {
  const { i18n } = useLingui();
  const update = useUpdateNotificationSettings();
  const [start, setStart] = useState(settings.quietHours.start);
  const [end, setEnd] = useState(settings.quietHours.end);
  const save = (next: { start: string; end: string }) => {
    if (!TIME.test(next.start) || !TIME.test(next.end)) return;
    if (next.start === settings.quietHours.start && next.end === settings.quietHours.end) return;
    update.mutate(
      { quietHours: next },
      { onError: (error) => showMutationError(i18n._("Quiet hours not saved"), error) },
    );
  };
  return (
    <section aria-labelledby="quiet-hours-heading" className="space-y-3">
      <h3 id="quiet-hours-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Quiet hours")}
      </h3>
      <p id="quiet-hours-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._(
          "No push notifications between these times ({timeZone}); they arrive when quiet hours end. Email is not held back.",
          { timeZone: settings.timeZone.replace(/_/g, " ") },
        )}
      </p>
      <div className="flex flex-wrap gap-4">
        <div className="space-y-1">
          <Label htmlFor="quiet-start">{i18n._("From")}</Label>
          <Input
            id="quiet-start"
            type="time"
            className="w-36"
            value={start}
            aria-describedby="quiet-hours-hint"
            onChange={(e) => setStart(e.target.value)}
            onBlur={() => save({ start, end })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="quiet-end">{i18n._("Until")}</Label>
          <Input
            id="quiet-end"
            type="time"
            className="w-36"
            value={end}
            aria-describedby="quiet-hours-hint"
            onChange={(e) => setEnd(e.target.value)}
            onBlur={() => save({ start, end })}
          />
        </div>
      </div>
    </section>
  );
}

function DigestHour({ settings }: { settings: NotificationSettings }) {
  const { i18n } = useLingui();
  const update = useUpdateNotificationSettings();
  return (
    <section className="space-y-2">
      <Label htmlFor="digest-hour" size="base" className="block">
        {i18n._("Daily summary")}
      </Label>
      <p id="digest-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._(
          "Once a day, how many requests are still pending and how much is outstanding (only when something is).",
        )}
      </p>
      <select
        id="digest-hour"
        aria-describedby="digest-hint"
        className={selectClass}
        value={settings.digestHour === null ? "off" : String(settings.digestHour)}
        onChange={(e) =>
          update.mutate(
            { digestHour: e.target.value === "off" ? null : Number(e.target.value) },
            { onError: (error) => showMutationError(i18n._("Daily summary not saved"), error) },
          )
        }
      >
        <option value="off">{i18n._("Off")}</option>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hourLabel(hour, intlLocaleOf(i18n.locale))}
          </option>
        ))}
      </select>
    </section>
  );
}

const DENIED_HELP =
  /*i18n*/ "Notifications are blocked for Collect in this browser. To allow them, open the site settings (the icon beside the address), set Notifications to Allow, then reload this page.";

function ThisDevice({ settings }: { settings: NotificationSettings }) {
  const { i18n } = useLingui();
  const [support, setSupport] = useState<PushSupport>("unsupported");
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<string | null>(null);
  const remove = useRemoveDevice();
  const test = useSendTestNotification();
  useEffect(() => {
    setSupport(pushSupport());
    setMine(thisDeviceId());
  }, []);
  const subscribedHere = mine !== null && settings.subscriptions.some((device) => device.id === mine);

  async function subscribe() {
    if (!settings.push.publicKey) return;
    setBusy(true);
    try {
      const permission = await notifyThisDevice(settings.push.publicKey);
      setSupport(pushSupport());
      setMine(thisDeviceId());
      if (permission === "granted")
        toast({ title: i18n._("Notifications on"), description: i18n._("This device will be told.") });
    } catch (error) {
      showMutationError(i18n._("This device could not be set up"), error);
    } finally {
      setBusy(false);
      refreshNotificationSettings();
    }
  }

  async function removeDevice(id: string) {
    if (id === mine) await stopThisDevice().catch(() => {});
    remove.mutate(id, {
      onSuccess: () => {
        if (id === mine) setMine(null);
        toast({ title: i18n._("Device removed") });
      },
      onError: (error) => showMutationError(i18n._("Device not removed"), error),
    });
  }

  return (
    <section aria-labelledby="device-heading" className="space-y-3">
      <h3 id="device-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Push notifications")}
      </h3>
      {!settings.push.configured ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._("Push notifications are not set up on this server.")}
        </p>
      ) : support === "unsupported" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._(
            "This browser cannot show notifications. On iPhone and iPad, add Collect to your Home Screen first.",
          )}
        </p>
      ) : support === "denied" ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {i18n._(DENIED_HELP)}
        </p>
      ) : subscribedHere ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: (result) =>
                  toast({
                    title: result.sent > 0 ? i18n._("Test notification sent") : i18n._("Not delivered"),
                    description:
                      result.sent > 0
                        ? i18n._("It should appear in a moment.")
                        : i18n._("The push service did not take it."),
                  }),
                onError: (error) => showMutationError(i18n._("Test notification not sent"), error),
              })
            }
          >
            {test.isPending ? <Spinner /> : <BellRing aria-hidden="true" />}
            {i18n._("Send a test notification")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={busy} onClick={() => void subscribe()}>
          {busy ? <Spinner /> : <BellRing aria-hidden="true" />}
          {i18n._("Notify this device")}
        </Button>
      )}
      {settings.subscriptions.length > 0 ? (
        <ul
          aria-label={i18n._("Devices that get notifications")}
          className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800"
        >
          {settings.subscriptions.map((device) => {
            const label = device.deviceLabel === null ? i18n._("A device") : i18n._(device.deviceLabel);
            const name = device.id === mine ? i18n._("{device} (this device)", { device: label }) : label;
            return (
              <li key={device.id} className="flex items-center gap-3 p-3">
                <Smartphone aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                  {name}
                </p>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={i18n._("Stop notifying {name}", { name })}
                  disabled={remove.isPending}
                  onClick={() => void removeDevice(device.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
