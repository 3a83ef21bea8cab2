import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stableJson } from '../../src/common/stable-json';
import { startTestApp, type TestApp } from '../support/test-app';

// CONVENTIONS §9: the API description is the contract; a change to it is a reviewed change.
describe('the committed OpenAPI contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('matches what the hub serves at /api/docs (run `npm run openapi` after changing the API)', async () => {
    const served = await (await fetch(`${t.url}/api/docs/openapi.json`)).json();
    const committed = readFileSync(join(__dirname, '../../openapi.json'), 'utf8');
    expect(stableJson(served)).toBe(committed);
  });
});
