import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { CreatePaymentRequestResponse } from "../../../shared/schemas/payment-request";
import { buttonClass } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { clearContactHandoff, readContactHandoff } from "../../lib/contact-handoff";
import { paths } from "../../paths";
import { usePaymentAccounts } from "../payment-accounts/api";
import { NoPayableMethodWarning } from "../payment-accounts/no-payable-method-warning";
import { RequestFormView } from "./request-form";
import { RequestReady } from "./request-ready";

/** /request (docs/product.md "Request Payment"), prefilled when a contact was handed over. */
export default function RequestPage() {
  // Read once; cleared after mount so a later visit starts empty.
  const [contact] = useState(readContactHandoff);
  const [created, setCreated] = useState<CreatePaymentRequestResponse | null>(null);
  useEffect(() => clearContactHandoff(), []);
  const accounts = usePaymentAccounts();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Request Payment"
        description="We'll open your messages app with a link they can pay from."
        action={
          <Link href={paths.split} className={buttonClass("secondary")}>
            Split a bill
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
            <RequestFormView contact={contact} onCreatedOnDesktop={setCreated} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
