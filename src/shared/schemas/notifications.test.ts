import { describe, expect, it } from "vitest";
import {
  channelsWithDefaults,
  DEFAULT_CHANNELS,
  hourLabel,
  NotificationSettingsInputSchema,
} from "./notifications";

describe("notification settings", () => {
  it("fill what is not stored with the defaults, and ignore what is not a switch", () => {
    expect(channelsWithDefaults(null)).toEqual(DEFAULT_CHANNELS);
    expect(
      channelsWithDefaults({ view: { email: true }, claim: { push: "yes" }, __proto__: { x: 1 } }),
    ).toEqual({
      ...DEFAULT_CHANNELS,
      view: { email: true, push: true },
    });
  });

  it("label the digest hours as a person reads them", () => {
    expect([0, 8, 12, 13, 23].map((hour) => hourLabel(hour))).toEqual([
      "12:00 AM",
      "8:00 AM",
      "12:00 PM",
      "1:00 PM",
      "11:00 PM",
    ]);
    // In another language, as it writes the hour.
    expect([8, 20].map((hour) => hourLabel(hour, "de-DE"))).toEqual(["8:00", "20:00"]);
  });

  it("accept a partial update and refuse unknown events, channels and zones with a sentence", () => {
    expect(NotificationSettingsInputSchema.safeParse({ channels: { view: { push: false } } }).success).toBe(
      true,
    );
    expect(NotificationSettingsInputSchema.safeParse({ digestHour: null }).success).toBe(true);
    for (const bad of [
      { channels: { sms: {} } },
      { digestHour: 7.5 },
      { timeZone: "Nowhere/Land" },
      { extra: 1 },
    ]) {
      const parsed = NotificationSettingsInputSchema.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
    }
    const zone = NotificationSettingsInputSchema.safeParse({ timeZone: "Nowhere/Land" });
    expect(zone.error?.issues[0]?.message).toBe("Time zone: a zone name such as America/New_York.");
  });
});
