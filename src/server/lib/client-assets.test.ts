import { describe, expect, it } from "vitest";
import { assetsFromManifest } from "./client-assets";

describe("assetsFromManifest", () => {
  it("links the stylesheet of a chunk the pay script imports, not only the entry's own", () => {
    const assets = assetsFromManifest({
      "routes/pay/pay-script.ts": {
        file: "assets/pay-1.js",
        isEntry: true,
        imports: ["_styles-2.js", "_money-3.js"],
      },
      "_styles-2.js": { file: "assets/styles-2.js", css: ["assets/styles-4.css"], imports: ["_money-3.js"] },
      "_money-3.js": { file: "assets/money-3.js", imports: ["_styles-2.js"] },
      "screens/photo/photo-page.tsx": { file: "assets/photo.js", css: ["assets/photo.css"] },
    });
    expect(assets).toEqual({ css: ["/assets/styles-4.css"], payScript: "/assets/pay-1.js" });
  });

  it("takes the entry's own stylesheet, and the app's when there is no pay script", () => {
    expect(
      assetsFromManifest({
        "routes/pay/pay-script.ts": { file: "assets/pay.js", css: ["assets/a.css"] },
      }).css,
    ).toEqual(["/assets/a.css"]);
    expect(assetsFromManifest({ "index.html": { file: "assets/main.js", css: ["assets/b.css"] } })).toEqual({
      css: ["/assets/b.css"],
      payScript: null,
    });
  });
});
