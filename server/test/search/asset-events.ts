import type { AssetReadinessEvent } from '@paddock/rules';
import type { SignedIn } from '../auth/auth-fixtures';
import type { TestApp } from '../support/test-app';

/** The events of GET /api/assets/events as `s`, until the stream ends. */
export async function readinessEvents(
  t: TestApp,
  s: SignedIn,
  ids: string[],
): Promise<AssetReadinessEvent[]> {
  const res = await fetch(`${t.url}/api/assets/events?ids=${ids.join(',')}`, {
    headers: { cookie: s.cookie },
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as AssetReadinessEvent);
}
