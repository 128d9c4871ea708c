import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { buttonClass } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { WithInputRegion } from "#client/features/account/input-region.tsx";
import { clearContactHandoff, readContactHandoff } from "#client/features/payees/contact-handoff.ts";
import { usePaymentAccounts } from "#client/features/payment-accounts/api.ts";
import { NoPayableMethodWarning } from "#client/features/payment-accounts/no-payable-method-warning.tsx";
import { paths } from "#client/lib/paths.ts";
import type { CreatePaymentRequestResponse } from "#shared/schemas/payment-request.ts";
import { RequestFormView } from "./request-form";
import { RequestReady } from "./request-ready";

/** /request (docs/product.md "Request Payment"), prefilled when a contact was handed over. */
export default function RequestPage() {
  // Read once; cleared after mount so a later visit starts empty.
  const [contact] = useState(readContactHandoff);
  const [created, setCreated] = useState<CreatePaymentRequestResponse | null>(null);
  useEffect(() => clearContactHandoff(), []);
  const accounts = usePaymentAccounts();
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title={i18n._("Request Payment")}
        description={i18n._("We'll open your messages app with a link they can pay from.")}
        action={
          <Link href={paths.split} className={buttonClass("secondary")}>
            {i18n._("Split a bill")}
          </Link>
        }
      />
      {/* Before sending: a pay page with only Google Pay (or nothing) is a dead end for the payer. */}
      {accounts.data && !created ? (
        <NoPayableMethodWarning providers={accounts.data.map((a) => a.provider)} linkToMethods />
      ) : null}
      <Card>
        <CardContent>
          {created ? (
            <RequestReady created={created} />
          ) : (
            <WithInputRegion>
              {(region) => (
                <RequestFormView contact={contact} region={region} onCreatedOnDesktop={setCreated} />
              )}
            </WithInputRegion>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
