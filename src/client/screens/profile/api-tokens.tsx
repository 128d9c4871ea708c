import { useLingui } from "@lingui/react";
import { KeyRound, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useConfirm } from "#client/components/ui/confirm-dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { LoadError } from "#client/components/ui/load-error.tsx";
import { selectClass } from "#client/components/ui/select.tsx";
import { LoadingBlock, Spinner } from "#client/components/ui/spinner.tsx";
import { useCreateToken, useRevokeToken, useTokens } from "#client/features/developer/api.ts";
import { apiErrorMessage } from "#client/lib/api.ts";
import { serverPaths } from "#client/lib/paths.ts";
import { apiFieldName, formSchema, useSchemaForm } from "#client/lib/schema-form.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import {
  type CreatedToken,
  CreateTokenSchema,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  type Token,
  type TokenScope,
} from "#shared/schemas/api-token.ts";
import { Badge, CheckboxGroup, day, SecretOnce } from "./developer-parts";

/** How long a new token lasts, in days ("never": until revoked). */
export const EXPIRIES = ["30", "90", "365", "never"] as const;
export type Expiry = (typeof EXPIRIES)[number];
const EXPIRY_LABELS: Record<Expiry, string> = {
  "30": /*i18n*/ "30 days",
  "90": /*i18n*/ "90 days",
  "365": /*i18n*/ "A year",
  never: /*i18n*/ "Never",
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `expiresAt` a choice sends: `days` from `now`, as an ISO string, or none for "never". */
export function expiresAtFor(expiry: Expiry, now: Date = new Date()): string | undefined {
  return expiry === "never" ? undefined : new Date(now.getTime() + Number(expiry) * DAY_MS).toISOString();
}

type TokenForm = { name: string; scopes: TokenScope[]; expiry: Expiry };
const EMPTY: TokenForm = { name: "", scopes: [], expiry: "90" };
const FIELDS = ["name", "scopes", "expiry"] as const;

/** The form's field for a path of POST /api/tokens (`scopes.1` → scopes, `expiresAt` → expiry). */
function formFieldOf(path: string | undefined): (typeof FIELDS)[number] | null {
  if (path === "expiresAt") return "expiry";
  return path === "name" || path === "scopes" ? path : null;
}

const schema = formSchema(
  CreateTokenSchema,
  (values: TokenForm) => ({
    name: values.name,
    scopes: values.scopes,
    ...(values.expiry === "never" ? {} : { expiresAt: expiresAtFor(values.expiry) }),
  }),
  (path) => [formFieldOf(String(path[0])) ?? String(path[0])],
);

/** Profile → Developer → API tokens: what a script may call the API with, each shown once. */
export function ApiTokens() {
  const { i18n } = useLingui();
  const { data: tokens, isLoading, isError, error, refetch } = useTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());

  return (
    <section aria-labelledby="tokens-heading" className="space-y-3">
      <h3 id="tokens-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("API tokens")}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {i18n._(
          "A token lets your own scripts and tools use Collect's API as you, limited to what you allow.",
        )}
      </p>
      <ReferenceLink />
      {created ? (
        <SecretOnce
          title={i18n._("Your new token: {name}", { name: created.name })}
          label={i18n._("Token")}
          secret={created.token}
          note={i18n._("Send it as Authorization: Bearer followed by the token.")}
          onDone={() => {
            setCreated(null);
            backToOpener();
          }}
        />
      ) : creating ? (
        <NewTokenForm
          onCancel={() => {
            setCreating(false);
            backToOpener();
          }}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      ) : null}
      {isLoading ? (
        <LoadingBlock className="py-4" />
      ) : isError ? (
        <LoadError
          message={`${i18n._("Tokens could not be loaded.")} ${i18n._(apiErrorMessage(error))}`}
          onRetry={() => void refetch()}
        />
      ) : tokens && tokens.length > 0 ? (
        <ul
          aria-label={i18n._("Your API tokens")}
          className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800"
        >
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl p-4 text-sm text-slate-600 ring-1 ring-slate-200 dark:text-slate-400 dark:ring-slate-800">
          {i18n._("No tokens yet.")}
        </p>
      )}
      {creating || created ? null : (
        <Button ref={opener} variant="secondary" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {i18n._("New token")}
        </Button>
      )}
    </section>
  );
}

/** The API reference, opened beside the app. */
export function ReferenceLink() {
  const { i18n } = useLingui();
  return (
    <a
      href={serverPaths.apiReference}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center font-medium text-emerald-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
    >
      {i18n._("API reference (OpenAPI)")}
    </a>
  );
}

function TokenRow({ token }: { token: Token }) {
  const { i18n } = useLingui();
  const revoke = useRevokeToken();
  const { confirm, dialog } = useConfirm();
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
      <KeyRound aria-hidden="true" className="hidden size-5 shrink-0 text-slate-500 sm:block" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900 dark:text-slate-100">{token.name}</span>
          <span aria-hidden="true" dir="ltr" className="font-mono text-xs text-slate-500 dark:text-slate-400">
            {`col_…${token.hint}`}
          </span>
          <span className="sr-only">{i18n._("Ends in {hint}", { hint: token.hint })}</span>
          {expired ? <Badge tone="red">{i18n._("Expired")}</Badge> : null}
        </p>
        <ul aria-label={i18n._("What it may do")} className="text-sm text-slate-700 dark:text-slate-300">
          {token.scopes.map((scope) => (
            <li key={scope}>{i18n._(TOKEN_SCOPE_LABELS[scope])}</li>
          ))}
        </ul>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {[
            i18n._("Created {date}", { date: day(token.createdAt, i18n) }),
            token.expiresAt === null
              ? i18n._("Never expires")
              : expired
                ? i18n._("Expired {date}", { date: day(token.expiresAt, i18n) })
                : i18n._("Expires {date}", { date: day(token.expiresAt, i18n) }),
            token.lastUsedAt === null
              ? i18n._("Never used")
              : i18n._("Last used {date}", { date: day(token.lastUsedAt, i18n) }),
          ].join(" · ")}
        </p>
      </div>
      <Button
        size="sm"
        variant="destructive"
        aria-label={i18n._("Revoke {name}", { name: token.name })}
        disabled={revoke.isPending}
        onClick={() =>
          confirm({
            question: i18n._("Revoke the token {name}?", { name: token.name }),
            detail: i18n._("Anything that uses it stops working at once. This cannot be undone."),
            confirmLabel: i18n._("Revoke"),
            destructive: true,
            onConfirm: () =>
              revoke.mutate(token.id, {
                onSuccess: () => toast({ title: i18n._("Token revoked"), description: token.name }),
                onError: (error) => showMutationError(i18n._("Token not revoked"), error),
              }),
          })
        }
      >
        {i18n._("Revoke")}
      </Button>
      {dialog}
    </li>
  );
}

function NewTokenForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (token: CreatedToken) => void;
}) {
  const { i18n } = useLingui();
  const create = useCreateToken();
  const form = useRef<HTMLFormElement>(null);
  // Opened by a tap on New token: the name is what comes next.
  useEffect(() => form.current?.querySelector("input")?.focus(), []);
  const { values, bind, set, errorOf, refOf, submit, fail } = useSchemaForm({
    schema,
    defaultValues: EMPTY,
    fields: FIELDS,
    tell: (message) =>
      toast({ title: i18n._("Token not created"), description: i18n._(message), variant: "destructive" }),
  });

  const onSubmit = submit((input) => {
    if (create.isPending) return;
    create.mutate(input, {
      onSuccess: (token) => {
        create.reset();
        onCreated(token);
      },
      onError: (error) =>
        fail(i18n._("Token not created"), error, (failure) =>
          formFieldOf(apiFieldName(failure)?.split(".")[0]),
        ),
    });
  });

  return (
    <Form
      ref={form}
      onSubmit={onSubmit}
      busy={create.isPending}
      aria-label={i18n._("New token")}
      className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800"
    >
      <Field
        label={i18n._("Name")}
        hint={i18n._("What it's for, so you can tell it apart later.")}
        name="token-name"
        autoComplete="off"
        {...bind("name")}
      />
      <CheckboxGroup
        legend={i18n._("What it may do")}
        choices={TOKEN_SCOPES.map((scope) => ({
          value: scope,
          label: i18n._(TOKEN_SCOPE_LABELS[scope]),
          detail: scope,
        }))}
        value={values.scopes}
        onChange={(scopes) => set("scopes", scopes)}
        error={errorOf("scopes")}
        firstRef={refOf("scopes")}
      />
      <div>
        <Label htmlFor="token-expiry">{i18n._("Expires after")}</Label>
        <select
          id="token-expiry"
          ref={refOf("expiry")}
          className={`${selectClass} sm:w-56`}
          value={values.expiry}
          aria-invalid={errorOf("expiry") ? true : undefined}
          aria-describedby={errorOf("expiry") ? "token-expiry-error" : undefined}
          onChange={(event) => set("expiry", event.target.value as Expiry)}
        >
          {EXPIRIES.map((expiry) => (
            <option key={expiry} value={expiry}>
              {i18n._(EXPIRY_LABELS[expiry])}
            </option>
          ))}
        </select>
        {errorOf("expiry") ? (
          <p id="token-expiry-error" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
            {i18n._(errorOf("expiry") as string)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {i18n._("Create token")}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </Form>
  );
}
