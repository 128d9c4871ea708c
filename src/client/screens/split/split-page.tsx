import { useLingui } from "@lingui/react";
import { Link, useSearch } from "wouter";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { PageHeader } from "#client/components/ui/page-header.tsx";
import { WithInputRegion } from "#client/features/account/input-region.tsx";
import { paths } from "#client/lib/paths.ts";
import { SplitForm } from "./split-form";
import { SplitGroup } from "./split-group";

/** /split: a new split bill, or with `?id=` the group view of one. */
export default function SplitPage() {
  const id = new URLSearchParams(useSearch()).get("id");
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={i18n._("Split a Bill")}
        description={
          id
            ? i18n._("Each person has their own link to pay.")
            : i18n._("One request per person, each with their own link.")
        }
        action={
          id ? (
            <Link
              href={paths.split}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-700 dark:text-emerald-400"
            >
              {i18n._("New split")}
            </Link>
          ) : null
        }
      />
      <Card>
        <CardContent>
          {id ? (
            <SplitGroup id={id} />
          ) : (
            <WithInputRegion>{(region) => <SplitForm region={region} />}</WithInputRegion>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
