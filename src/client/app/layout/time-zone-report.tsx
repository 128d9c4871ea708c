import { useEffect } from "react";
import { useUser } from "#client/features/auth/user.ts";

/**
 * Tells the server the browser's time zone once per session when signed in: reminders, quiet
 * hours and the daily summary are read in it. A failure is retried next session.
 */
export function TimeZoneReport() {
  const { user } = useUser();
  const signedIn = Boolean(user);
  useEffect(() => {
    // Loaded on demand: the settings' schemas stay out of the first bundle.
    if (signedIn)
      import("#client/features/notifications/api.ts").then((m) => m.reportTimeZone()).catch(() => {});
  }, [signedIn]);
  return null;
}
