/**
 * What the link preview's card shows, and its size: apart from preview.ts so the card worker
 * (card-worker.ts, a thread of its own that loads only the drawing) imports none of the page's
 * texts and their catalogs.
 */
export type CardContent = {
  name: string;
  /** The photo's object path; keys are never reused, so the path stands for the bytes. */
  photo: string | null;
  amount: string;
  description: string | null;
  paid: boolean;
  /** The card's own words, in the preview's language where the card can write it (preview.ts). */
  words: { requesting: string; wasPaid: string; paid: string };
};

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
