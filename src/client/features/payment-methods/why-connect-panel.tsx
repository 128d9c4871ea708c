import { BadgeCheck, Lock, Zap } from "lucide-react";

const POINTS = [
  {
    icon: Zap,
    title: "Get paid faster",
    body: "People pay in the app they already have, right from your request link.",
  },
  {
    icon: BadgeCheck,
    title: "More ways to say yes",
    body: "The more methods you connect, the fewer excuses for paying later.",
  },
  {
    icon: Lock,
    title: "Only your handle is shared",
    body: "Payers see the handle you enter here, never your email or phone number.",
  },
] as const;

/** Spec §2 Payment Methods: the 'Why Connect Payment Methods?' panel with three points. */
export function WhyConnectPanel() {
  return (
    <section className="rounded-2xl bg-emerald-900 p-6 text-white shadow-sm dark:bg-emerald-950 dark:ring-1 dark:ring-emerald-800">
      <h2 className="text-lg font-semibold">Why Connect Payment Methods?</h2>
      <ul className="mt-4 space-y-4">
        {POINTS.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white/10">
              <Icon aria-hidden="true" className="size-4 text-emerald-300" />
            </span>
            <div>
              <p className="font-medium">{title}</p>
              <p className="text-sm text-emerald-100/90">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
