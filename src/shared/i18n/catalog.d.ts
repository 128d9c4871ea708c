/** A language's catalog, compiled from its PO file when imported (lingui.config.ts). */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
