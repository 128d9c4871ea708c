import { useMutation, useQuery } from "@tanstack/react-query";
import { PasskeyListSchema, SessionListSchema } from "../../../../shared/schemas/account";
import { apiRequest } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";

export const SESSIONS_KEY = ["/api/account/sessions"] as const;
export const PASSKEYS_KEY = ["/api/passkeys"] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => SessionListSchema.parse(await apiRequest("GET", SESSIONS_KEY[0])),
  });
}

const refreshSessions = () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

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
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => PasskeyListSchema.parse(await apiRequest("GET", PASSKEYS_KEY[0])),
  });
}

const refreshPasskeys = () => void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

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
