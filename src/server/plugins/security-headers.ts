import type { FastifyInstance } from "fastify";

/**
 * Security headers for every answer, decided once at start-up. The CSP fits the Vite build:
 * scripts and styles from our origin only (inline style attributes allowed for UI primitives),
 * images from us (photos are served through /objects/), data: and blob: (upload previews, QR
 * codes); the browser talks only to us, plus the S3 endpoint it uploads photos to directly.
 * HSTS only when we are served over https. (helmet's defaults, written out: computing them per
 * request through @fastify/helmet cost 12% of the server's CPU in a profile.) Not helmet's four
 * headers that no browser of 2026 reads — X-XSS-Protection (the auditor it turned off is gone from
 * every browser), X-Download-Options (IE 8), X-Permitted-Cross-Domain-Policies (Flash) and
 * X-DNS-Prefetch-Control (browsers prefetch no link's host on an https page that does not ask):
 * every answer carried their bytes (docs/decisions/010-security-headers-literal.md).
 */
export function securityHeaders(publicUrl: string, s3Endpoint?: string): Record<string, string> {
  const https = publicUrl.startsWith("https://");
  const uploadOrigin = s3Endpoint ? ` ${new URL(s3Endpoint).origin}` : "";
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${uploadOrigin}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join(";");
  return {
    "content-security-policy": csp,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    "x-content-type-options": "nosniff",
    // For browsers older than CSP's frame-ancestors, the same answer: never framed.
    "x-frame-options": "DENY",
  };
}

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, s3Endpoint?: string): void {
  const headers = securityHeaders(publicUrl, s3Endpoint);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
