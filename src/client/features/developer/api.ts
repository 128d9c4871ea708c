import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { CreatedTokenSchema, type CreateToken, TokenListSchema } from "#shared/schemas/api-token.ts";
import {
  type CreateWebhook,
  type WebhookDelivery,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "#shared/schemas/webhook.ts";

const TOKENS_URL = "/api/tokens";
const WEBHOOKS_URL = "/api/webhooks";
const webhookUrl = (id: string) => `${WEBHOOKS_URL}/${encodeURIComponent(id)}`;

/* Personal API tokens (Profile → Developer). */

export const tokensQuery = queryOptions({
  queryKey: [TOKENS_URL] as const,
  queryFn: async () => TokenListSchema.parse(await apiRequest("GET", TOKENS_URL)).tokens,
});

export function useTokens() {
  return useQuery(tokensQuery);
}

const refreshTokens = () => void queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });

/** The answer holds the token itself, this once: the caller shows it and lets it go. */
export function useCreateToken() {
  return useMutation({
    mutationFn: async (input: CreateToken) =>
      CreatedTokenSchema.parse(await apiRequest("POST", TOKENS_URL, input)),
    onSettled: refreshTokens,
  });
}

export function useRevokeToken() {
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${TOKENS_URL}/${encodeURIComponent(id)}`),
    onSettled: refreshTokens,
  });
}

/* Webhook endpoints and their delivery log. */

export const webhooksQuery = queryOptions({
  queryKey: [WEBHOOKS_URL] as const,
  queryFn: async () => WebhookListSchema.parse(await apiRequest("GET", WEBHOOKS_URL)).webhooks,
});

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

const refreshWebhooks = () => void queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });

/** How long after a delivery was queued the log keeps checking on it by itself. */
const WATCH_PENDING_MS = 60_000;
const WATCH_EVERY_MS = 2_000;

export const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: [WEBHOOKS_URL, webhookId, "deliveries"] as const,
    queryFn: async () =>
      WebhookDeliveryListSchema.parse(await apiRequest("GET", `${webhookUrl(webhookId)}/deliveries`))
        .deliveries,
  });

/** A delivery queued a moment ago and not yet settled: the open log looks again shortly. */
export const justQueued = (delivery: WebhookDelivery, now = Date.now()) =>
  delivery.state === "pending" && now - new Date(delivery.createdAt).getTime() < WATCH_PENDING_MS;

/** The endpoint's last deliveries, newest first, fetched while `open`. */
export function useDeliveries(webhookId: string, open: boolean) {
  return useQuery({
    ...deliveriesQuery(webhookId),
    enabled: open,
    // A test event or a resend lands within seconds: watched for a minute, then Refresh.
    refetchInterval: (query) => (query.state.data?.some((d) => justQueued(d)) ? WATCH_EVERY_MS : false),
  });
}

const refreshDeliveries = (webhookId: string) =>
  void queryClient.invalidateQueries({ queryKey: deliveriesQuery(webhookId).queryKey });

/** The answer holds the signing secret, this once. */
export function useCreateWebhook() {
  return useMutation({
    mutationFn: async (input: CreateWebhook) =>
      WebhookWithSecretSchema.parse(await apiRequest("POST", WEBHOOKS_URL, input)),
    onSettled: refreshWebhooks,
  });
}

export function useSetWebhookEnabled() {
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      WebhookSchema.parse(await apiRequest("PATCH", webhookUrl(id), { enabled })),
    onSettled: refreshWebhooks,
  });
}

export function useDeleteWebhook() {
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", webhookUrl(id)),
    onSettled: refreshWebhooks,
  });
}

/** A new secret, this once; the one before keeps signing until `previousSecretUntil`. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: async (id: string) =>
      WebhookWithSecretSchema.parse(await apiRequest("POST", `${webhookUrl(id)}/rotate-secret`)),
    onSettled: refreshWebhooks,
  });
}

export function useSendTestEvent() {
  return useMutation({
    mutationFn: async (id: string) =>
      WebhookDeliverySchema.parse(await apiRequest("POST", `${webhookUrl(id)}/test`)),
    onSettled: (_data, _error, id) => refreshDeliveries(id),
  });
}

export function useResendDelivery() {
  return useMutation({
    mutationFn: async ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      WebhookDeliverySchema.parse(
        await apiRequest(
          "POST",
          `${webhookUrl(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        ),
      ),
    onSettled: (_data, _error, { webhookId }) => refreshDeliveries(webhookId),
  });
}
