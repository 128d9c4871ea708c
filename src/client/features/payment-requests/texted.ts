import { useState } from "react";
import { z } from "zod";
import { sessionItem } from "#client/lib/session-store.ts";

/**
 * Which requests' texts this tab opened in the phone's composer (a split's "Text next" and each
 * share's Text button): the split page marks them "Texted" and walks on to the next person. The
 * composer says nothing back, so opening it is what counts; kept for the tab, like the drafts.
 */
const TEXTED_MAX = 500;
const texted = sessionItem("collect:texted", z.array(z.string().max(100)).max(TEXTED_MAX));

export function useTexted() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set(texted.read() ?? []));
  const markTexted = (id: string) => {
    const next = [...(texted.read() ?? []).filter((other) => other !== id), id].slice(-TEXTED_MAX);
    texted.write(next);
    setIds(new Set(next));
  };
  return { texted: ids, markTexted };
}
