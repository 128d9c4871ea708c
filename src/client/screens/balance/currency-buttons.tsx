import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";
import type { Balance } from "#shared/schemas/balance.ts";

export type Total = Balance["totals"][number];

/** What a whole-balance action (Request all, Record a payment) is given: whom, and what they owe. */
export type BalanceActionProps = { phone: string; name: string; totals: Balance["totals"] };

/** The currencies worth a whole-balance action: more than one request open in them. */
export function severalOpen(totals: Total[]): Total[] {
  return totals.filter((total) => total.count > 1);
}

/**
 * One button per currency for a whole-balance action (Request all, Record a payment): totals in
 * different currencies are never added together, so each has its own.
 */
export function CurrencyButtons({
  totals,
  icon: Icon,
  label,
  onPick,
  variant,
  disabled,
}: {
  totals: Total[];
  icon: LucideIcon;
  label: (total: Total) => string;
  onPick: (total: Total) => void;
  variant?: ButtonProps["variant"];
  disabled?: boolean;
}) {
  return totals.map((total) => (
    <Button
      key={total.currency}
      type="button"
      variant={variant}
      disabled={disabled}
      onClick={() => onPick(total)}
      className="max-w-full whitespace-normal"
    >
      <Icon aria-hidden="true" />
      {label(total)}
    </Button>
  ));
}
