import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { CreatePaymentRequestResponse } from "../../../shared/schemas/payment-request";
import { buttonClass } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { clearContactHandoff, readContactHandoff } from "../../lib/contact-handoff";
import { paths } from "../../paths";
import { RequestFormView } from "./request-form";
import { RequestReady } from "./request-ready";

/** /request (docs/product.md "Request Payment"), prefilled when a contact was handed over. */
export default function RequestPage() {
  // Read once; cleared after mount so a later visit starts empty.
  const [contact] = useState(readContactHandoff);
  const [created, setCreated] = useState<CreatePaymentRequestResponse | null>(null);
  useEffect(() => clearContactHandoff(), []);
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
