import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@paddock/rules';

/**
 * The signature of a webhook delivery (docs/rights-notices.md, "For receivers"): HMAC-SHA256 with
 * the endpoint's secret of `<timestamp>.<raw body>`, sent as `sha256=<hex>`. The timestamp is part
 * of what is signed, so a captured delivery replayed later with a fresh timestamp does not verify.
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver checks: the signature over the timestamp and the raw body, in constant time, and
 * the timestamp within `toleranceSeconds` of `nowSeconds`.
 */
export function verifySignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!headers.signature || !Number.isInteger(timestamp)) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The headers of one try of a delivery: its signature, timestamp, idempotency key and event. */
export function deliveryHeaders(
  secret: string,
  d: { id: string; event: string; body: string },
  nowSeconds: number,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Paddock-Webhooks/1',
    [WEBHOOK_HEADERS.signature]: signatureOf(secret, nowSeconds, d.body),
    [WEBHOOK_HEADERS.timestamp]: String(nowSeconds),
    [WEBHOOK_HEADERS.idempotencyKey]: d.id,
    [WEBHOOK_HEADERS.event]: d.event,
  };
}

/** A new endpoint's signing secret: 32 random bytes, shown once to the administrator who registers it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}
