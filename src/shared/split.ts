import type { I18n } from "@lingui/core";
import { HOME_CURRENCY, minorToAmount, parseMinor } from "./currency";
import { ENGLISH } from "./i18n/english";
import { intlLocaleOf } from "./i18n/locales";
import { SPLIT_MESSAGES, VALIDATION } from "./messages";
import { formatMoney } from "./money";

/**
 * `totalCents` in `shares` equal parts of whole cents; the remainder goes one cent at a time to
 * the first shares, so the parts always add up to the total ($100 / 3 → 33.34, 33.33, 33.33).
 */
export function splitEvenly(totalCents: number, shares: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0 || !Number.isInteger(shares) || shares < 1) {
    throw new RangeError("splitEvenly: whole cents and at least one share");
  }
  const base = Math.floor(totalCents / shares);
  const remainder = totalCents - base * shares;
  return Array.from({ length: shares }, (_, i) => base + (i < remainder ? 1 : 0));
}

export type SplitPlan =
  | { ok: true; amounts: string[]; myShare: string | null }
  | { ok: false; message: string };

/**
 * What each person is asked for. Even: the total in equal shares among the people, and me too
 * when `includeMe` (my share comes first, so any extra cent is mine, and is requested from
 * nobody). Custom: each person's amount, which must add up to the total — or, with me
 * included, leave a share of the total for me. Why not, in `i18n`'s language (the app passes its own).
 */
export function planSplit(
  input: {
    total: string;
    includeMe: boolean;
    custom: string[] | null;
    people: number;
    /** ISO 4217, USD when absent: shares are whole minor units of it (yen: whole yen). */
    currency?: string;
  },
  i18n: I18n = ENGLISH,
): SplitPlan {
  const currency = input.currency ?? HOME_CURRENCY;
  const parse = (amount: string) => parseMinor(amount, currency);
  const text = (minor: number) => minorToAmount(minor, currency);
  const money = (minor: number) => formatMoney(text(minor), currency, intlLocaleOf(i18n.locale));
  const total = parse(input.total);
  if (total === null || total <= 0) return { ok: false, message: i18n._(VALIDATION.amount.description) };
  if (input.people < 1) return { ok: false, message: i18n._(SPLIT_MESSAGES.noPeople) };
  if (!input.custom) {
    const shares = splitEvenly(total, input.people + (input.includeMe ? 1 : 0));
    const mine = input.includeMe ? shares.shift() : undefined;
    if (shares.some((cents) => cents <= 0))
      return { ok: false, message: i18n._("Each share must be at least {amount}.", { amount: money(1) }) };
    return {
      ok: true,
      amounts: shares.map(text),
      myShare: mine === undefined ? null : text(mine),
    };
  }
  const amounts = input.custom.map(parse);
  if (amounts.length !== input.people || amounts.some((cents) => cents === null || cents <= 0)) {
    return { ok: false, message: i18n._(SPLIT_MESSAGES.amountEach) };
  }
  const asked = (amounts as number[]).reduce((sum, cents) => sum + cents, 0);
  const mine = total - asked;
  if (input.includeMe ? mine <= 0 : mine !== 0) {
    return {
      ok: false,
      message: input.includeMe
        ? i18n._("The amounts must leave your share: together less than {total}.", { total: money(total) })
        : i18n._("The amounts must add up to {total}; they add up to {asked}.", {
            total: money(total),
            asked: money(asked),
          }),
    };
  }
  return {
    ok: true,
    amounts: (amounts as number[]).map(text),
    myShare: input.includeMe ? text(mine) : null,
  };
}
