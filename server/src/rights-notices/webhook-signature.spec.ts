import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@paddock/rules';
import { deliveryHeaders, newWebhookSecret, signatureOf, verifySignature } from './webhook-signature';

const secret = 'whsec_test';
const body = '{"event":"copyright-ended","id":"n-1"}';

describe('the webhook signature', () => {
  it('is sha256=<hex> of HMAC-SHA256(secret, "<timestamp>.<raw body>"), as docs/rights-notices.md tells receivers', () => {
    const hex = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureOf(secret, 1_700_000_000, body)).toBe(`sha256=${hex}`);
  });

  it('verifies the same bytes with the same secret and timestamp, and nothing else', () => {
    const headers = { signature: signatureOf(secret, 1_700_000_000, body), timestamp: '1700000000' };
    expect(verifySignature(secret, headers, body, 1_700_000_010)).toBe(true);
    expect(verifySignature('whsec_other', headers, body, 1_700_000_010)).toBe(false);
    expect(verifySignature(secret, headers, `${body} `, 1_700_000_010)).toBe(false);
    expect(verifySignature(secret, { ...headers, timestamp: '1700000001' }, body, 1_700_000_010)).toBe(false);
    expect(verifySignature(secret, { ...headers, signature: undefined }, body, 1_700_000_010)).toBe(false);
  });

  it('refuses a delivery older (or newer) than the tolerance: a replay', () => {
    const headers = { signature: signatureOf(secret, 1_700_000_000, body), timestamp: '1700000000' };
    expect(verifySignature(secret, headers, body, 1_700_000_301)).toBe(false);
    expect(verifySignature(secret, headers, body, 1_699_999_699)).toBe(false);
  });

  it('sends the signature, the timestamp, the idempotency key and the event', () => {
    const headers = deliveryHeaders(secret, { id: 'n-1', event: 'copyright-ended', body }, 1_700_000_000);
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.signature]: signatureOf(secret, 1_700_000_000, body),
      [WEBHOOK_HEADERS.timestamp]: '1700000000',
      [WEBHOOK_HEADERS.idempotencyKey]: 'n-1',
      [WEBHOOK_HEADERS.event]: 'copyright-ended',
    });
  });

  it('makes a new secret each time, 32 random bytes', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
