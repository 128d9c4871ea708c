// `node scripts/vapid-keys.mjs [subject]`: a fresh VAPID key pair for Web Push, as the three lines
// to paste into .env. Generate it once per deployment and keep it: browsers subscribe with the
// public key, so a new pair silently orphans every existing subscription (they answer 403/410).
//
// Node's own crypto only: it runs on a production install (`npm install --omit=dev`), which has no
// web-push (a devDependency, bundled into dist/ by the build). The pair is what web-push's
// generateVAPIDKeys makes: a P-256 key pair, the public key a 65-byte uncompressed point and the
// private key its 32-byte scalar, both unpadded base64url (push/vapid-env.ts checks both formats).
import { createECDH } from "node:crypto";

const subject = process.argv[2] ?? "mailto:you@example.com";
if (!/^(mailto:|https:\/\/)/.test(subject)) {
  console.error("The subject is a mailto: or https: address the push services can reach you at.");
  process.exit(1);
}
const curve = createECDH("prime256v1");
curve.generateKeys();
// getPrivateKey drops leading zero bytes: pad the scalar back to 32.
const privateKey = Buffer.concat([Buffer.alloc(32), curve.getPrivateKey()])
  .subarray(-32)
  .toString("base64url");
const publicKey = curve.getPublicKey().toString("base64url");
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log(`VAPID_SUBJECT=${subject}`);
