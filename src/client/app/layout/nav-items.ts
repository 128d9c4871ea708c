import { Archive, type LucideIcon, Send, UserRound, Users, Wallet } from "lucide-react";
import { paths } from "#client/lib/paths.ts";

/** The shared navigation (docs/product.md): the five links, in order, with their labels (English ids: shown through `i18n._`). */
export const NAV_ITEMS: readonly { href: string; label: string; icon: LucideIcon }[] = [
  { href: paths.request, label: /*i18n*/ "Request", icon: Send },
  { href: paths.contacts, label: /*i18n*/ "Contacts", icon: Users },
  { href: paths.archive, label: /*i18n*/ "Archive", icon: Archive },
  { href: paths.paymentMethods, label: /*i18n*/ "Methods", icon: Wallet },
  { href: paths.profile, label: /*i18n*/ "Profile", icon: UserRound },
];

/** Active by path prefix: /profile is active on /profile and /profile/anything. */
export function isActivePath(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
