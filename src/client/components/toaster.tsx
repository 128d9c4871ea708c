import { useLingui } from "@lingui/react";
import { CircleAlert, CircleCheck } from "lucide-react";
import { Toaster as Sonner } from "sonner";
import { CloseButton } from "#client/components/ui/close-button.tsx";
import { cn } from "#client/lib/cn.ts";
import { type DrawnToast, drawToastsWith } from "#client/lib/toast.tsx";

/**
 * Where toasts appear: across the top on phones, top right on wider screens; one at a time,
 * 5000 ms unless a toast asks for its own time (docs/product.md).
 */
export function Toaster() {
  return <Sonner position="top-right" visibleToasts={1} gap={8} />;
}

/** One toast as Collect draws it; sonner places, stacks and times it; lib/toast.tsx says what and when. */
function ToastCard({ title, description, variant, action, onDismiss }: DrawnToast) {
  const { i18n } = useLingui();
  const destructive = variant === "destructive";
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-2xl p-4 font-sans shadow-lg ring-1",
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
        <p className="text-sm font-semibold">{title}</p>
        {description ? (
          <p
            className={cn(
              "mt-0.5 text-sm break-words",
              // White, like the title: red-50 on red-600 is 4.4:1, under WCAG's 4.5 for this size.
              destructive ? "text-white" : "text-slate-600 dark:text-slate-300",
            )}
          >
            {description}
          </p>
        ) : null}
      </div>
      {action ? (
        <button
          type="button"
          onClick={() => {
            onDismiss();
            action.onClick();
          }}
          className="-my-1 min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400 dark:hover:bg-slate-700"
        >
          {action.label}
        </button>
      ) : null}
      <CloseButton
        label={i18n._("Dismiss notification")}
        onClick={onDismiss}
        className={cn(
          // 44 px to tap, in the room of a 24 px one: the toast stays as tall as its words.
          "-m-2.5 focus-visible:outline-offset-1",
          destructive
            ? "text-red-100 hover:bg-red-700 focus-visible:outline-white"
            : "text-slate-500 hover:bg-slate-100 focus-visible:outline-emerald-600 dark:text-slate-400 dark:hover:bg-slate-700",
        )}
      />
    </div>
  );
}

// As an element, not a call: sonner renders it inside the Toaster, where the app's language is.
drawToastsWith((drawn) => <ToastCard {...drawn} />);
