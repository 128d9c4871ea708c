// fontkit ships no types; pdfkit draws with it, and Collect asks it only which glyphs a font has.
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
