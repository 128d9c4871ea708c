import { useLingui } from "@lingui/react";
import { Users } from "lucide-react";
import { Link } from "wouter";
import { paths } from "#client/lib/paths.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** A request that is one share of a split bill links to the split's group view. */
export function SplitLink({ request }: { request: Pick<PaymentRequest, "splitId"> }) {
  const { i18n } = useLingui();
  if (!request.splitId) return null;
  return (
    <Link
      href={`${paths.split}?id=${encodeURIComponent(request.splitId)}`}
      className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400"
    >
      <Users aria-hidden="true" className="size-4" />
      {i18n._("Part of a split · View group")}
    </Link>
  );
}
