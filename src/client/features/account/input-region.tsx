import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUser } from "#client/features/auth/user.ts";
import { decimalMarkOf } from "#shared/region.ts";
import { type InputRegion, US_INPUT } from "#shared/schemas/payment-request.ts";

/**
 * How the signed-in account's forms read numbers and amounts (docs/decisions/031): a US account
 * at once, the spec's way; any other once libphonenumber's metadata (shared/phone-international.ts,
 * ~100 KB) has loaded, which only such an account ever fetches. Undefined until then.
 */
export function useInputRegion(): InputRegion | undefined {
  const { user } = useUser();
  const country = user?.country ?? US_INPUT.country;
  const currency = user?.currency ?? US_INPUT.currency;
  const international = useQuery({
    queryKey: ["phone-international"],
    queryFn: () => import("#shared/phone-international.ts"),
    enabled: country !== US_INPUT.country,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const phones = international.data;
  return useMemo(() => {
    if (country === US_INPUT.country)
      return currency === US_INPUT.currency ? US_INPUT : { ...US_INPUT, currency };
    if (!phones) return undefined;
    return { country, currency, checkMobile: (input: string) => phones.checkMobile(input, country) };
  }, [country, currency, phones]);
}

/** How the account writes a decimal amount ("12,50" in Germany), for a form that reads only amounts. */
export function useDecimalMark(): "." | "," {
  const { user } = useUser();
  return decimalMarkOf(user?.country ?? US_INPUT.country);
}

/** A form that reads numbers and amounts the account's way, once that way is known. */
export function WithInputRegion({ children }: { children: (region: InputRegion) => ReactNode }) {
  const { i18n } = useLingui();
  const region = useInputRegion();
  if (region) return children(region);
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
      <Spinner /> {i18n._("Loading…")}
    </p>
  );
}
