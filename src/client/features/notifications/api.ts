import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import {
  type NotificationSettings,
  type NotificationSettingsInput,
  NotificationSettingsSchema,
} from "#shared/schemas/notifications.ts";
import type { PushSubscriptionInput } from "#shared/schemas/push.ts";

const SETTINGS_URL = "/api/notifications/settings";

export const notificationSettingsQuery = queryOptions({
  queryKey: [SETTINGS_URL] as const,
  queryFn: async () => NotificationSettingsSchema.parse(await apiRequest("GET", SETTINGS_URL)),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

const keep = (settings: NotificationSettings) =>
  queryClient.setQueryData(notificationSettingsQuery.queryKey, settings);
const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey });

/** A partial update; the server's answer (the whole settings) replaces what is shown. */
export function useUpdateNotificationSettings() {
  return useMutation({
    mutationFn: async (input: NotificationSettingsInput) =>
      NotificationSettingsSchema.parse(await apiRequest("PUT", SETTINGS_URL, input)),
    onSuccess: keep,
    onError: refresh,
  });
}

export function saveSubscription(input: PushSubscriptionInput) {
  return apiRequest("POST", "/api/notifications/push-subscriptions", input);
}

export function useRemoveDevice() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest("DELETE", `/api/notifications/push-subscriptions/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest("POST", "/api/notifications/push-test")) as { sent: number; removed: number },
    onSettled: refresh,
  });
}

export { refresh as refreshNotificationSettings };

/** The browser's own zone, stored once per session (dates and quiet hours are read in it). */
export async function reportTimeZone(): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const KEY = "collect.time-zone-sent";
  if (!zone || sessionStorage.getItem(KEY) === zone) return;
  await apiRequest("PUT", "/api/notifications/time-zone", { timeZone: zone });
  sessionStorage.setItem(KEY, zone);
}
