import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#client/lib/api.ts";
import { queryClient } from "#client/lib/query-client.ts";
import { PasskeyListSchema, SessionListSchema } from "#shared/schemas/account.ts";

const sessionsQuery = queryOptions({
  queryKey: ["/api/account/sessions"],
  queryFn: async () => SessionListSchema.parse(await apiRequest("GET", "/api/account/sessions")),
});

const passkeysQuery = queryOptions({
  queryKey: ["/api/passkeys"],
  queryFn: async () => PasskeyListSchema.parse(await apiRequest("GET", "/api/passkeys")),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });

export function useSignOutSession() {
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`),
    onSettled: refreshSessions,
  });
}

export function useSignOutOthers() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/account/sessions/sign-out-others"),
    onSettled: refreshSessions,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest("POST", "/api/account/password", input),
    onSuccess: refreshSessions,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string | undefined) => apiRequest("DELETE", "/api/account", { password }),
  });
}

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

const refreshPasskeys = () => void queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });

/** The browser makes a passkey for the challenge; the server checks and keeps it. */
export function useAddPasskey() {
  return useMutation({
    mutationFn: async () => {
      const [{ startRegistration }, optionsJSON] = await Promise.all([
        import("@simplewebauthn/browser"),
        apiRequest("POST", "/api/passkeys/registration-options"),
      ]);
      const response = await startRegistration({
        optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]["optionsJSON"],
      });
      return apiRequest("POST", "/api/passkeys", { response });
    },
    onSettled: refreshPasskeys,
  });
}

export function useRemovePasskey() {
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/passkeys/${encodeURIComponent(id)}`),
    onSettled: refreshPasskeys,
  });
}
