/**
 * Calendar dates and wall-clock times in a person's IANA time zone, with nothing but
 * Intl.DateTimeFormat (docs/decisions/024-chasing.md: reminders, occurrences and digests happen at a local hour, right
 * across daylight-saving changes). A calendar date is "YYYY-MM-DD" text and is never turned into
 * a Date in the machine's zone: date arithmetic runs on UTC, so the result is the same in UTC and
 * in the UTC+14 test pass.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Reminders and recurring occurrences are created at 9:00 in the requester's zone. */
export const SCHEDULE_LOCAL_TIME = "09:00";

export type LocalTime = { hour: number; minute: number };

type CalendarParts = { year: number; month: number; day: number };
type WallClock = CalendarParts & LocalTime & { second: number };

// ── Calendar dates ──────────────────────────────────────────────────────────────────────────

/** Year, month (1–12) and day of "YYYY-MM-DD"; throws on anything else, a programming error. */
export function parseDate(date: string): CalendarParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** True for "YYYY-MM-DD" naming a day that exists ("2028-02-29" yes, "2027-02-29" no). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { year, month, day } = parseDate(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function formatParts({ year, month, day }: CalendarParts): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Midnight UTC of the date, in ms: only ever used for arithmetic, never shown. */
function utcMs(date: string): number {
  const { year, month, day } = parseDate(date);
  return Date.UTC(year, month - 1, day);
}

function fromUtcMs(ms: number): string {
  const d = new Date(ms);
  return formatParts({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(utcMs(date) + days * DAY_MS);
}

/**
 * The date `months` later on `anchorDay` (default: the date's own day), or the month's last day
 * when it is shorter: a monthly series on the 31st falls on Feb 28 and comes back to Mar 31.
 */
export function addMonthsClamped(date: string, months: number, anchorDay?: number): string {
  const { year, month, day } = parseDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const wanted = anchorDay ?? day;
  return formatParts({
    year: targetYear,
    month: targetMonth,
    day: Math.min(wanted, daysInMonth(targetYear, targetMonth)),
  });
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(b) - utcMs(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function weekdayOf(date: string): number {
  return new Date(utcMs(date)).getUTCDay();
}

// ── Time zones ──────────────────────────────────────────────────────────────────────────────

/**
 * Intl takes a zone in any letter case and by its older names ("america/new_york", "US/Eastern"),
 * and each Intl.DateTimeFormat holds ~29 KiB outside the JS heap. So a formatter is kept per
 * canonical zone (the runtime's own name: a fixed set of a few hundred), each other spelling met
 * maps to its canonical name, and both maps are capped: no stream of spellings grows the process.
 */
const ZONES_KEPT = 1_024;
const SPELLINGS_KEPT = 1_024;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Spelling → canonical name, for spellings that are not canonical themselves. */
const canonicalNames = new Map<string, string>();

/** Sets the entry, first dropping the oldest one when the map is full. */
function keep<V>(map: Map<string, V>, key: string, value: V, cap: number): void {
  if (map.size >= cap) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const known = formatters.get(canonicalNames.get(timeZone) ?? timeZone);
  if (known) return known;
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const canonical = formatter.resolvedOptions().timeZone;
  if (canonical !== timeZone) keep(canonicalNames, timeZone, canonical, SPELLINGS_KEPT);
  const kept = formatters.get(canonical);
  if (kept) return kept;
  keep(formatters, canonical, formatter, ZONES_KEPT);
  return formatter;
}

/** How many formatters and spellings are kept now (zoned.test.ts checks they stay bounded). */
export function timeZoneCacheSize(): { formatters: number; spellings: number } {
  return { formatters: formatters.size, spellings: canonicalNames.size };
}

/**
 * The runtime's own name for a zone ("america/new_york" → "America/New_York", "Etc/UTC" → "UTC"),
 * or null when it is not one. Offsets such as "+05:00" are refused: they have no daylight-saving
 * rules, so a stored one would drift twice a year. Zones are stored in this spelling.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z]/.test(timeZone)) return null;
  try {
    return formatterFor(timeZone).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** True for a zone name the runtime knows ("America/New_York", "UTC", in any letter case). */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/** The zone's clock at the instant, read from Intl (one formatToParts: ~13 small objects). */
function intlWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24, // some engines say 24 for midnight even with h23
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/**
 * From 1973 every zone's offset is a whole number of minutes and changes on a whole minute (the
 * last odd one, Liberia's −0:44:30, ended in 1972), so one offset serves a whole UTC minute.
 */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1973, 0, 1);
const OFFSETS_KEPT = 4_096;
/** "zone minute" → offset in ms: a request's reminders ask for the same few minutes 9 times. */
const offsets = new Map<string, number>();

/** The zone's offset from UTC at the instant, in ms (New York in winter: −5 h). */
function offsetMs(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  const minute = Math.floor(epochMs / MINUTE_MS);
  const key = whole >= WHOLE_MINUTE_OFFSETS_FROM ? `${timeZone} ${minute}` : null;
  const known = key === null ? undefined : offsets.get(key);
  if (known !== undefined) return known;
  const w = intlWallClock(new Date(whole), timeZone);
  const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
  if (key !== null) {
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The zone's clock at the instant: its offset (kept per minute) applied to UTC. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The calendar date the instant falls on in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return formatParts(wallClock(instant, timeZone));
}

/** "2026-11-25 09:04": the zone's date and clock at the instant, to the minute (seconds dropped). */
export function localDateTime(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${formatParts(wall)} ${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
}

/** Minutes since local midnight (0–1439) at the instant in the zone. */
export function localMinutes(instant: Date, timeZone: string): number {
  const { hour, minute } = wallClock(instant, timeZone);
  return hour * 60 + minute;
}

/** Day of the week (0 = Sunday) the instant falls on in the zone. */
export function localWeekday(instant: Date, timeZone: string): number {
  return weekdayOf(localDate(instant, timeZone));
}

/** "09:00" → { hour: 9, minute: 0 }; throws on anything but a 24-hour "HH:MM". */
export function parseLocalTime(time: string): LocalTime {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/**
 * The instant the zone's clocks show `time` on `date`. In the spring-forward gap (2:30 on the
 * night clocks jump from 2:00 to 3:00) that time never happens, so this is the first instant
 * after it (3:00); in the fall-back hour it happens twice, and the first one counts, so a
 * scheduled effect happens once and as early as promised.
 */
export function atLocalTime(date: string, time: string | LocalTime, timeZone: string): Date {
  const { hour, minute } = typeof time === "string" ? parseLocalTime(time) : time;
  const wall = utcMs(date) + (hour * 60 + minute) * MINUTE_MS;
  // Offsets a day either side: a zone changes offset at most once in any two days.
  const before = wall - offsetMs(wall - DAY_MS, timeZone);
  const after = wall - offsetMs(wall + DAY_MS, timeZone);
  const shows = (t: number) => t + offsetMs(t, timeZone) === wall;
  const candidates = [before, after].filter(shows);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(firstInstantWithOffsetOf(Math.min(before, after), Math.max(before, after), timeZone));
}

/** The transition instant in (low, high]: the first minute carrying `high`'s offset. */
function firstInstantWithOffsetOf(low: number, high: number, timeZone: string): number {
  const target = offsetMs(high, timeZone);
  let lo = low;
  let hi = high;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMs(mid, timeZone) === target) hi = mid;
    else lo = mid;
  }
  return hi;
}
