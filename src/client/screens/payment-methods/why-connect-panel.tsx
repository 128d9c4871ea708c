import { useLingui } from "@lingui/react";
import { BadgeCheck, Eye, Zap } from "lucide-react";
import { WHY_CONNECT_POINTS, whyConnectText } from "./why-connect-points";

const ICONS = { faster: Zap, choice: BadgeCheck, visible: Eye } as const;

/** Payment methods (docs/product.md "Payment methods"): the 'Why Connect Payment Methods?' panel with three points. */
export function WhyConnectPanel() {
  const { i18n } = useLingui();
  return (
    <section className="rounded-2xl bg-emerald-900 p-6 text-white shadow-sm dark:bg-emerald-950 dark:ring-1 dark:ring-emerald-800">
      <h2 className="text-lg font-semibold">{i18n._("Why Connect Payment Methods?")}</h2>
      <ul className="mt-4 space-y-4">
        {WHY_CONNECT_POINTS.map((point) => {
          const Icon = ICONS[point.key];
          const { title, body } = whyConnectText(point, i18n);
          return (
            <li key={point.key} className="flex gap-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white/10">
                <Icon aria-hidden="true" className="size-4 text-emerald-300" />
              </span>
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm text-emerald-100/90">{body}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
