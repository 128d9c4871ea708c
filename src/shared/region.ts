import { z } from "zod";
import { CurrencySchema, HOME_CURRENCY } from "./currency";
import { LOCALES } from "./i18n/locales";
import { decimalMarkIn } from "./typed-amount";

/**
 * Where an account is and what it speaks: its country (ISO 3166-1 alpha-2) sets the phone
 * numbers' default region and the payment methods offered first, its currency is every new
 * request's unless one is chosen, its language the app's. An account that never chose is the
 * spec's: US, USD, and the browser's language.
 */

export const DEFAULT_COUNTRY = "US";

/**
 * Every country and territory with numbers of its own: libphonenumber's regions (a test keeps
 * the two lists equal), written out so that no screen loads phone metadata to list them.
 */
export const COUNTRIES = (
  "AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS " +
  "BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG " +
  "EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT " +
  "HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR " +
  "LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF " +
  "NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD " +
  "SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW " +
  "TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const COUNTRY_SET = new Set(COUNTRIES);

export const CountrySchema = z
  .string()
  .refine((code) => COUNTRY_SET.has(code), "Country must be a two-letter ISO 3166-1 code, like DE.");

/** An account's or a contact's language: one Collect speaks (shared/i18n/locales.ts). */
export const LanguageSchema = z.enum(LOCALES, `Language must be one of ${LOCALES.join(", ")}.`);

/**
 * A chosen language as a form sends it: one of ours, or "" / null for none (stored as null: a
 * contact's is then the requester's own, an account's its browser's); absent leaves it as it is.
 */
export const ChosenLanguageSchema = z
  .enum(["", ...LOCALES], `Language must be one of ${LOCALES.join(", ")}.`)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

const EURO = [
  ..."AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK".split(" "),
  // Territories and states that use the euro without being in the euro area.
  ..."AD AX BL GF GP MC ME MF MQ PM RE SM VA XK YT".split(" "),
];
const USD = "US AS GU MP PR VI EC SV PA TL BQ FM MH PW TC VG IO".split(" ");

/** A country's own currency where it has one of the common ones; otherwise the account picks. */
const CURRENCY_OF: Record<string, string> = {
  ...Object.fromEntries(EURO.map((country) => [country, "EUR"])),
  ...Object.fromEntries(USD.map((country) => [country, "USD"])),
  AE: "AED",
  AR: "ARS",
  AU: "AUD",
  BG: "BGN",
  BR: "BRL",
  CA: "CAD",
  CH: "CHF",
  CL: "CLP",
  CN: "CNY",
  CO: "COP",
  CZ: "CZK",
  DK: "DKK",
  EG: "EGP",
  GB: "GBP",
  HK: "HKD",
  HU: "HUF",
  ID: "IDR",
  IL: "ILS",
  IN: "INR",
  JP: "JPY",
  KE: "KES",
  KR: "KRW",
  KW: "KWD",
  LI: "CHF",
  MX: "MXN",
  MY: "MYR",
  NG: "NGN",
  NO: "NOK",
  NZ: "NZD",
  PE: "PEN",
  PH: "PHP",
  PK: "PKR",
  PL: "PLN",
  RO: "RON",
  SA: "SAR",
  SE: "SEK",
  SG: "SGD",
  TH: "THB",
  TR: "TRY",
  TW: "TWD",
  UA: "UAH",
  VN: "VND",
  ZA: "ZAR",
};

/** The currency a new account in `country` starts with (USD where Collect knows no better). */
export function homeCurrencyOf(country: string): string {
  return CURRENCY_OF[country] ?? HOME_CURRENCY;
}

/** The optional region fields of setup and profile: each changes only when sent. */
export const RegionInputSchema = z.object({
  country: CountrySchema.optional(),
  language: ChosenLanguageSchema,
  currency: CurrencySchema.optional(),
});
export type RegionInput = z.infer<typeof RegionInputSchema>;

/**
 * The mark a country's people put before the cents: "," in Germany, Brazil, France, Sweden…;
 * "." in the US, the UK, India, Japan… (CLDR, through Intl, for the country's main language).
 */
export function decimalMarkOf(country: string): "." | "," {
  return decimalMarkIn(new Intl.Locale("und", { region: country }).maximize().baseName);
}
