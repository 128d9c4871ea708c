import { useLingui } from "@lingui/react";
import { Camera } from "lucide-react";
import { Link } from "wouter";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { LoadingBlock } from "#client/components/ui/spinner.tsx";
import { displayName, useUser } from "#client/features/auth/user.ts";
import { paths } from "#client/lib/paths.ts";
import { DeveloperSection } from "./developer-section";
import { NotificationsSection } from "./notifications-section";
import { ProfileForm } from "./profile-form";
import { SecuritySection } from "./security-section";

/** /profile (docs/product.md "Profile"). */
export default function ProfilePage() {
  const { i18n } = useLingui();
  const { user } = useUser();
  if (!user) return <LoadingBlock />;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={i18n._("Profile")}
        description={i18n._("How you appear on your payment requests.")}
      />
      {/* Profile is long on a phone: its sections, one tap away. */}
      <nav aria-label={i18n._("Profile sections")} className="mb-4">
        <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm font-medium">
          {(
            [
              ["#details", i18n._("Your details")],
              ["#notifications", i18n._("Notifications")],
              ["#security", i18n._("Security")],
              ["#developer", i18n._("Developer")],
            ] as const
          ).map(([href, label]) => (
            <li key={href}>
              <a
                href={href}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-emerald-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Card id="details" className="scroll-mt-20">
        <CardContent className="space-y-6">
          <div className="flex items-center gap-4">
            <div className="relative">
              <Avatar src={user.photo} alt={i18n._("Your profile photo")} size="lg" />
              <Link
                href={paths.photo}
                aria-label={i18n._("Change photo")}
                // A 44 px target around the 36 px badge.
                className="group absolute -end-2.5 -bottom-2.5 grid size-11 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                <span className="grid size-9 place-items-center rounded-full bg-emerald-600 text-white shadow-md ring-2 ring-white group-hover:bg-emerald-700 dark:ring-slate-900">
                  <Camera aria-hidden="true" className="size-4" />
                </span>
              </Link>
            </div>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-slate-900 dark:text-slate-100">
                {displayName(user)}
              </p>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
            </div>
          </div>
          <ProfileForm key={user.id} user={user} />
        </CardContent>
      </Card>
      <NotificationsSection />
      <p className="mt-6">
        <Link
          href={paths.recurring}
          className="inline-flex min-h-11 items-center font-medium text-emerald-700 underline underline-offset-4 dark:text-emerald-300"
        >
          {i18n._("Recurring requests")}
        </Link>
      </p>
      <SecuritySection />
      <DeveloperSection />
    </div>
  );
}
