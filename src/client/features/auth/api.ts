import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { USER_QUERY_KEY } from "../../lib/user";

export type Credentials = { email: string; password: string };

/** better-auth's email sign-in (DESIGN.md "Sign-in"); sets the session cookie. */
export function useSignIn() {
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      apiRequest("POST", "/api/identity/sign-in/email", { email, password }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

/** better-auth's email sign-up; signs the new user in. The name is set later, at setup. */
export function useSignUp() {
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      apiRequest("POST", "/api/identity/sign-up/email", { email, password, name: "" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
