import { Resvg } from "@resvg/resvg-js";

/** Pictures for the card tests, drawn and read back with resvg (no image fixtures on disk). */

/** A wide PNG photo: blue on the left and right, red in the middle. */
export function photoPng(width = 1600, height = 1000): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#0000ff"/>
    <rect x="${width / 2 - height / 2}" width="${height}" height="${height}" fill="#ff0000"/></svg>`;
  return new Resvg(svg).render().asPng();
}

/** The RGBA of one pixel of a PNG, read back through resvg. */
export function pixelAt(png: Buffer, x: number, y: number, size: { width: number; height: number }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><image x="${-x}" y="${-y}" width="${size.width}" height="${size.height}" href="data:image/png;base64,${png.toString("base64")}"/></svg>`;
  return [...new Resvg(svg).render().pixels.subarray(0, 4)];
}

/** A photo that compresses badly (random coloured squares) with a red square in the middle. */
export function noisyPhotoPng(width = 1600, height = 1200): Buffer {
  const squares: string[] = [];
  for (let i = 0; i < 30_000; i++) {
    const [x, y] = [Math.floor(Math.random() * width), Math.floor(Math.random() * height)];
    const colour = Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0");
    squares.push(`<rect x="${x}" y="${y}" width="9" height="9" fill="#${colour}"/>`);
  }
  const side = height / 4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${squares.join("")}
    <rect x="${(width - side) / 2}" y="${(height - side) / 2}" width="${side}" height="${side}" fill="#ff0000"/></svg>`;
  return new Resvg(svg).render().asPng();
}
