// `node scripts/vapid-keys.mjs [subject]`: a fresh VAPID key pair for Web Push, as the three lines
// to paste into .env. Generate it once per deployment and keep it: browsers subscribe with the
// public key, so a new pair silently orphans every existing subscription (they answer 403/410).
import webPush from "web-push";

const subject = process.argv[2] ?? "mailto:you@example.com";
if (!/^(mailto:|https:\/\/)/.test(subject)) {
  console.error("The subject is a mailto: or https: address the push services can reach you at.");
  process.exit(1);
}
const { publicKey, privateKey } = webPush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log(`VAPID_SUBJECT=${subject}`);
