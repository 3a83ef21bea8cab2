import { createServer, type Server } from 'node:http';
import { expect, type Browser, type Page } from '@playwright/test';
import { EMBARGO_KEY, SHARE_TEXTS, WEBHOOK_HEADERS, type ExternalShareSummary } from '@paddock/rules';
import pg from 'pg';
import { SmtpSink } from '../server/test/support/smtp-sink';
import { verifySignature } from '../server/src/rights-notices/webhook-signature';
import { test } from './portal';
import {
  BROWSER_LOCALES,
  TEXTS,
  csrfToken,
  e2eDatabaseUrl,
  folderByCode,
  keepScreenshot,
  seedBareContent,
  signIn,
  type Lang,
} from './support';

const RUN = Date.now().toString(36);
const STRONG = 'Rights-Follow-2026#Spider';

/** A downstream site on loopback: keeps every delivery it is sent, and answers 204. */
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const receiver: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
});
let receiverUrl = '';
let db: pg.Client;
let sink: SmtpSink;
const seeded: string[] = [];

/** A link share of `contentId` made as the signed-in user, in `lang`: its recipient link. */
async function linkShare(page: Page, contentId: string, folderId: string, lang: Lang): Promise<string> {
  const submitted = await page.request.post('/api/external-shares', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      type: 'link',
      name: `Rights ${RUN} ${lang}`,
      contentIds: [contentId],
      folderId,
      message: '',
      disclaimer: '',
      password: STRONG,
      contentDownload: true,
      language: lang,
    },
  });
  expect(submitted.status()).toBe(202);
  const { jobId } = (await submitted.json()) as { jobId: string };
  let shareId = '';
  await expect
    .poll(async () => {
      const job = (await (await page.request.get(`/api/jobs/${jobId}`)).json()) as {
        state: string;
        result: { shareId: string } | null;
      };
      shareId = job.result?.shareId ?? '';
      return job.state;
    })
    .toBe('completed');
  const share = (await (
    await page.request.get(`/api/external-shares/${shareId}`)
  ).json()) as ExternalShareSummary;
  return share.url!;
}

/** The recipient's page, in a browser of its own, past the password. */
async function openAsRecipient(browser: Browser, url: string, lang: Lang) {
  const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel(SHARE_TEXTS[lang].passwordLabel).fill(STRONG);
  await page.getByRole('button', { name: SHARE_TEXTS[lang].open }).click();
  return { context, page };
}

test.beforeAll(async ({ portal }) => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/unpublish`;
  // The notices mail whoever the other specs' shares reached: a real SMTP server takes them.
  sink = new SmtpSink();
  await sink.start(portal.smtpPort);
});

test.afterAll(async () => {
  await db.query('UPDATE hub.webhook_endpoint SET active = false WHERE url = $1', [receiverUrl]);
  if (seeded.length) await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seeded]);
  await db.end();
  await new Promise((resolve) => receiver.close(resolve));
  await sink.stop();
});

test.describe('rights that follow the asset out', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['it', 'en', 'fr'] as Lang[]) {
    test(`an embargo withdraws the asset from the share page at once, and the admin's webhook hears it, signed (${lang})`, async ({
      browser,
    }) => {
      const t = TEXTS[lang];
      const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
      const page = await context.newPage();
      await signIn(page, 'admin', lang);
      const archive = (await folderByCode(page, 'arch04-marketing')).id;
      const name = `Spider ${RUN} ${lang}`;
      const id = await seedBareContent(db, archive, name);
      seeded.push(id);
      const url = await linkShare(page, id, archive, lang);

      // The admin registers the site's webhook: its secret is shown once.
      await page.goto('/manage');
      await page.getByRole('tab', { name: t.manage.tabs.webhooks }).click();
      const panel = page.getByTestId('webhooks-panel');
      await panel.getByRole('textbox', { name: t.webhooks.register.url }).fill(receiverUrl);
      await panel
        .getByRole('textbox', { name: t.webhooks.register.description })
        .fill(`Press ${RUN} ${lang}`);
      await panel.getByRole('button', { name: t.webhooks.register.action }).click();
      await expect(panel.getByText(t.webhooks.register.secretOnce)).toBeVisible();
      const secret = await panel.getByRole('textbox', { name: t.webhooks.register.secret }).inputValue();
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      const card = panel.getByTestId('webhook-endpoint').filter({ hasText: `Press ${RUN} ${lang}` });
      await expect(card).toContainText(receiverUrl);
      await keepScreenshot(page, `rights-webhook-registered-${lang}`);

      // The recipient sees the asset; an embargo is set; the page withdraws it at once, in words.
      const recipient = await openAsRecipient(browser, url, lang);
      await expect(recipient.page.locator(`[data-content-id="${id}"]`)).toHaveCount(1);
      await db.query(
        `INSERT INTO provider.content_metadata (content_id, classification_id, key, value)
         VALUES ($1, 'ggdyqo', $2, '2999-06-30')`,
        [id, EMBARGO_KEY],
      );
      await recipient.page.reload();
      const withdrawn = recipient.page.locator(`[data-withdrawn-id="${id}"]`);
      await expect(withdrawn).toContainText(name);
      await expect(withdrawn.getByRole('status')).toHaveText(SHARE_TEXTS[lang].withdrawn);
      await expect(recipient.page.locator(`[data-content-id="${id}"]`)).toHaveCount(0);
      await keepScreenshot(recipient.page, `rights-share-withdrawn-${lang}`);
      await recipient.context.close();

      // The notices now: the webhook gets the embargo of this asset, signed with its secret.
      await panel.getByRole('button', { name: t.webhooks.runNow }).click();
      await expect
        .poll(() => received.some((r) => r.body.includes(id) && r.body.includes('embargo-started')), {
          timeout: 90_000,
        })
        .toBe(true);
      const delivery = received.find((r) => r.body.includes(id))!;
      expect(
        verifySignature(
          secret,
          {
            signature: delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
            timestamp: delivery.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
          },
          delivery.body,
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);
      expect(JSON.parse(delivery.body)).toMatchObject({
        event: 'embargo-started',
        assetId: id,
        effectiveDate: '2999-06-30',
      });
      // The panel lists the endpoint's newest deliveries (the other assets' notices too), delivered.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('tab', { name: t.manage.tabs.webhooks }).click();
            await expect(card.getByRole('table').or(card.getByText(t.webhooks.noDeliveries))).toBeVisible();
            return card.getByRole('row').filter({ hasText: t.webhooks.states.delivered }).count();
          },
          { timeout: 30_000, intervals: [1000, 2000] },
        )
        .toBeGreaterThan(0);
      await keepScreenshot(page, `rights-webhook-deliveries-${lang}`);

      // Deactivated: it hears nothing more, and offers no test.
      await card.getByRole('button', { name: t.webhooks.deactivate }).click();
      await expect(card).toContainText(t.webhooks.inactive);
      await expect(card.getByRole('button', { name: t.webhooks.test })).toHaveCount(0);
      await context.close();
    });
  }
});
