import { Archive, type LucideIcon, Send, UserRound, Users, Wallet } from "lucide-react";
import { paths } from "#client/lib/paths.ts";

/** The shared navigation (docs/product.md): the five links, in order, with their labels. */
export const NAV_ITEMS: readonly { href: string; label: string; icon: LucideIcon }[] = [
  { href: paths.request, label: "Request", icon: Send },
  { href: paths.contacts, label: "Contacts", icon: Users },
  { href: paths.archive, label: "Archive", icon: Archive },
  { href: paths.paymentMethods, label: "Methods", icon: Wallet },
  { href: paths.profile, label: "Profile", icon: UserRound },
];

/** Active by path prefix: /profile is active on /profile and /profile/anything. */
export function isActivePath(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
