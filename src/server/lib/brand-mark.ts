/**
 * The app's mark (src/client/public/favicon.svg, kept equal by site-files.test.ts), drawn on
 * link-preview cards and into favicon.ico. Written here because the compiled server runs
 * without the sources.
 */
export const BRAND_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Collect"><title>Collect</title><rect width="64" height="64" rx="16" fill="#059669"/><path d="M42 22.5a13 13 0 1 0 0 19" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/><circle cx="45" cy="32" r="4" fill="#a7f3d0"/></svg>';
