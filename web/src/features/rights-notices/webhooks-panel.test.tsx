import type { RegisterWebhookRequest, WebhookEndpointView } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHub, hubError, ok, signedInRoutes, type HubCall } from '../../../test/fake-hub';
import { admin, posts, tree } from '../../../test/legal-holds';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();

withFreshBrowserInEnglish();

const endpoint: WebhookEndpointView = {
  id: 'w1',
  url: 'https://press.example.com/unpublish',
  department: 'marketing',
  description: 'Press site',
  active: true,
  createdBy: 'admin',
  createdAt: '2026-11-30T09:00:00.000Z',
  deliveries: [
    {
      id: 'd1',
      event: 'copyright-ended',
      assetId: 'a0',
      assetName: 'Spider front',
      state: 'delivered',
      attempts: 2,
      lastStatus: 204,
      lastError: null,
      createdAt: '2026-11-30T10:00:00.000Z',
      deliveredAt: '2026-11-30T10:00:05.000Z',
    },
  ],
};

function webhooksHub(endpoints: WebhookEndpointView[]) {
  const calls = fakeHub({
    ...signedInRoutes(admin),
    'GET /api/folders/tree': ok({ roots: tree }),
    'GET /api/jobs/queues': ok({ items: [] }),
    'GET /api/jobs/outcomes': ok({ items: [] }),
    'GET /api/jobs': ok({ items: [], nextCursor: null }),
    'GET /api/webhooks': () => ok(endpoints),
    'POST /api/webhooks': (call: HubCall) => {
      const body = call.body as RegisterWebhookRequest;
      if (body.url.includes('paddock')) return hubError(400, 'WEBHOOK_BAD_URL', { problem: 'portal' });
      const made = { ...endpoint, id: 'w2', url: body.url, description: '', deliveries: [] };
      endpoints.unshift(made);
      return { status: 201, body: { ...made, secret: 'whsec_0123' } };
    },
    'POST /api/webhooks/w1/deactivate': () => {
      endpoints.splice(
        endpoints.findIndex((e) => e.id === 'w1'),
        1,
        { ...endpoint, active: false },
      );
      return ok({ ...endpoint, active: false });
    },
  });
  renderApp('/manage');
  return calls;
}

describe('the webhooks of /manage', () => {
  it('lists an endpoint with its last deliveries, and deactivates it', async () => {
    const calls = webhooksHub([endpoint]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const panel = await screen.findByTestId('webhooks-panel');
    const card = await within(panel).findByTestId('webhook-endpoint');
    expect(card).toHaveTextContent('https://press.example.com/unpublish');
    expect(card).toHaveTextContent('Active');
    const row = within(card).getByRole('row', { name: /Copyright ended/ });
    expect(row).toHaveTextContent('Copyright ended · Spider front');
    expect(row).toHaveTextContent('Delivered');
    expect(row).toHaveTextContent('2 tries · HTTP 204');

    await user.click(within(card).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(card).getByText('Deactivated')).toBeInTheDocument());
    expect(posts(calls, '/api/webhooks/w1/deactivate')).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: 'Send a test' })).not.toBeInTheDocument();
  });

  it('registers an endpoint for the department and shows its secret once; a refusal is told in words', async () => {
    const calls = webhooksHub([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const panel = await screen.findByTestId('webhooks-panel');
    expect(
      await within(panel).findByText('No webhook yet: register a site that publishes your assets.'),
    ).toBeInTheDocument();

    const address = within(panel).getByRole('textbox', { name: 'Address (https://…)' });
    await user.type(address, 'http://paddock.example.com/api');
    await user.click(within(panel).getByRole('button', { name: 'Register a webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'A webhook may not point at this portal itself.',
    );

    await user.clear(address);
    await user.type(address, 'https://cms.example.com/hook');
    await user.click(within(panel).getByRole('button', { name: 'Register a webhook' }));
    expect(
      await within(panel).findByText(
        'Copy the signing secret now and give it to the site: it is not shown again.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_0123');
    expect(posts(calls, '/api/webhooks').at(-1)).toEqual({
      url: 'https://cms.example.com/hook',
      department: 'marketing',
      description: '',
    });
    expect(await within(panel).findByTestId('webhook-endpoint')).toHaveTextContent(
      'https://cms.example.com/hook',
    );
  });
});
