import { useEffect } from "react";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/**
 * Home opened from a "Time to remind Alex" notification (`/?request=<id>&remind=1`): once that request's card is on screen it is scrolled to and its Text reminder
 * button focused, so one tap opens the composer. Without `remind` the card itself is shown.
 * The query is then dropped from the address, so a reload does not jump again.
 */
export function useOpenRequestFromUrl(requests: readonly PaymentRequest[]): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get("request");
    if (!id || !requests.some((r) => r.id === id)) return;
    const card = document.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(id)}"]`);
    if (!card) return;
    card.scrollIntoView({ block: "center" });
    const button = card.querySelector<HTMLElement>(`[data-remind-for="${CSS.escape(id)}"]`);
    if (params.get("remind") === "1" && button) button.focus();
    else {
      card.tabIndex = -1;
      card.focus();
    }
    params.delete("request");
    params.delete("remind");
    const rest = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${rest ? `?${rest}` : ""}`,
    );
  }, [requests]);
}
