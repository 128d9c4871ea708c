import { Toaster as Sonner } from "sonner";

/**
 * Where toasts appear: across the top on phones, top right on wider screens; one at a time,
 * 5000 ms unless a toast asks for its own time (docs/product.md).
 */
export function Toaster() {
  return <Sonner position="top-right" visibleToasts={1} gap={8} />;
}
