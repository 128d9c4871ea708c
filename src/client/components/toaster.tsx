import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cn } from "../lib/cn";
import { dismissToast, type ToastItem, useToasts } from "../lib/toast";

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === "destructive";
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-2xl p-4 shadow-lg ring-1 toast-enter",
        destructive
          ? "bg-red-600 text-white ring-red-700 dark:bg-red-700 dark:ring-red-600"
          : "bg-white text-slate-900 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-5 shrink-0",
          destructive ? "text-white" : "text-emerald-600 dark:text-emerald-400",
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? (
          <p
            className={cn(
              "mt-0.5 text-sm break-words",
              destructive ? "text-red-50" : "text-slate-600 dark:text-slate-300",
            )}
          >
            {item.description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
        className={cn(
          "-m-1 grid size-8 shrink-0 place-items-center rounded-lg transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-1",
          destructive
            ? "text-red-100 hover:bg-red-700 focus-visible:outline-white"
            : "text-slate-500 hover:bg-slate-100 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-700",
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Where toasts appear: top centre on phones, top right on wider screens. At most one (spec §9). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center gap-2 p-3 sm:items-end sm:p-5"
    >
      {toasts.map((item) => (
        <div key={item.id} className="w-full max-w-sm">
          <ToastCard item={item} />
        </div>
      ))}
    </section>
  );
}
