// The card worker when the server runs from its sources (tests, `npm run dev`): a worker thread
// has none of its parent's TypeScript loader, so it registers tsx before loading the worker.
import { register } from "tsx/esm/api";

// (card.tsx names its JSX runtime itself, whichever tsconfig tsx finds.)
register();
const { default: draw } = await import("./card-worker.ts");
export default draw;
