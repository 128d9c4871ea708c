import { type User, UserSchema } from "../../shared/schemas/user";
import { queryClient } from "./query-client";
import { USER_QUERY_KEY } from "./user";

/** Stores the user a mutation answered with (setup, profile update) as the current user. */
export function setUser(data: unknown): User {
  const user = UserSchema.parse(data);
  queryClient.setQueryData(USER_QUERY_KEY, user);
  return user;
}
