/**
 * The ids of a list in the order they were first shown: an id that was on screen keeps its
 * place (a request marked paid does not jump below the pending ones under the finger, which
 * made a second tap mark the next card); an id not seen before goes right after the last of
 * the ids that precede it in the new answer (a loaded page at the end, a new request at the
 * top), or first when nothing precedes it. Ids no longer in the answer drop out.
 */
export function stableOrder(shown: readonly string[], incoming: readonly string[]): string[] {
  const present = new Set(incoming);
  const order = shown.filter((id) => present.has(id));
  if (order.length === 0) return [...incoming];
  const placed = new Set(order);
  let front = 0;
  incoming.forEach((id, i) => {
    if (placed.has(id)) return;
    const after = Math.max(-1, ...incoming.slice(0, i).map((prev) => order.indexOf(prev)));
    const at = after < 0 ? front++ : after + 1;
    order.splice(at, 0, id);
    placed.add(id);
  });
  return order;
}
