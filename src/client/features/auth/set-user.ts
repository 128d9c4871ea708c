import { queryClient } from "#client/lib/query-client.ts";
import { type User, UserSchema } from "#shared/schemas/user.ts";
import { userQueryOptions } from "./user";

/** Stores the user a mutation answered with (setup, profile update) as the current user. */
export function setUser(data: unknown): User {
  const user = UserSchema.parse(data);
  queryClient.setQueryData(userQueryOptions.queryKey, user);
  return user;
}
