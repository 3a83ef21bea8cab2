import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { DEFAULT_PREFLIGHT_RULES, evaluatePreflight } from '@paddock/rules';
import {
  aFolder,
  anAssetDetail,
  assetRoutes,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
} from '../../../test/fake-hub';
import { installFakeEventSource, openedStreams } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render';
import type { UploaderOptions, UploadEvents } from './uploader';

/** A stand-in for Uppy + tus: records what the dialog asks and lets the test drive the events. */
const fake = {
  options: undefined as UploaderOptions | undefined,
  events: undefined as UploadEvents | undefined,
  added: [] as { key: string; name: string; metadata: Record<string, string> }[],
  started: 0,
  retried: [] as string[],
};

jest.mock('./uploader', () => ({
  loadUploader: () =>
    Promise.resolve((options: UploaderOptions, events: UploadEvents) => {
      fake.options = options;
      fake.events = events;
      return {
        add: (key: string, file: File, metadata: Record<string, string>) =>
          fake.added.push({ key, name: file.name, metadata }),
        start: () => (fake.started += 1),
        retry: (key: string) => fake.retried.push(key),
        remove: () => undefined,
      };
    }),
}));

installFakeEventSource();

beforeEach(async () => {
  localStorage.clear();
  fake.added = [];
  fake.started = 0;
  fake.retried = [];
  await i18n.changeLanguage('en');
});

const tree = [
  aFolder({ id: 'mk', name: 'Marketing' }),
  aFolder({ id: 'sup', name: 'Suppliers', isSupplier: true }),
];

function hub(resultRoute = ok({ contentId: 'c-1', version: 1 })) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/folders/tree': ok({ roots: tree }),
    ...assetRoutes(1),
    'GET /api/uploads/u-1/result': resultRoute,
  });
}

async function openDialog(folder: string) {
  renderApp(`/home?folder=${folder}`);
  const user = userEvent.setup();
  await screen.findByText('Results: 1');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  const dialog = await screen.findByRole('dialog', { name: /^Upload to/ });
  return { user, dialog };
}

const photo = () => new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' });

describe('upload dialog', () => {
  it('sends picked files with filename, folder and CSRF token; shows progress; refreshes the listing when done', async () => {
    const calls = hub();
    const { user, dialog } = await openDialog('mk');
    expect(dialog).toHaveTextContent('Upload to Marketing');

    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.started).toBe(1));
    expect(fake.added).toEqual([
      {
        key: expect.any(String),
        name: 'photo.jpg',
        metadata: { filename: 'photo.jpg', folderId: 'mk', filetype: 'image/jpeg' },
      },
    ]);
    expect(fake.options?.endpoint).toBe('/api/uploads');
    expect(fake.options?.headers()).toEqual({ 'x-csrf-token': 'csrf-123' });

    const key = fake.added[0]!.key;
    act(() => fake.events?.onProgress(key, 400, 1000));
    expect(screen.getByRole('progressbar', { name: 'Total' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('progressbar', { name: 'Progress of photo.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    const listingsBefore = calls.filter((call) => call.path === '/api/assets').length;
    act(() => fake.events?.onUploaded(key, 'http://localhost/api/uploads/u-1'));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/uploads/u-1/result')).toBe(true);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/assets').length).toBeGreaterThan(listingsBefore),
    );
  });

  it('turns a finished upload to failed, in words, when the provider cannot read the file (issue 23)', async () => {
    hub();
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));
    act(() => fake.events?.onUploaded(fake.added[0]!.key, '/api/uploads/u-1'));
    expect(await screen.findByText('Done')).toBeInTheDocument();

    const [stream] = openedStreams('/api/assets/events?ids=c-1');
    stream!.emit({ ready: [{ contentId: 'c-1', state: 'FAILED' }], pending: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file cannot be read (damaged, or not the type its extension says)',
    );
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(stream!.closed).toBe(true);
  });

  it('keeps a readable upload done when its previews are made', async () => {
    hub();
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));
    act(() => fake.events?.onUploaded(fake.added[0]!.key, '/api/uploads/u-1'));
    expect(await screen.findByText('Done')).toBeInTheDocument();

    openedStreams('/api/assets/events?ids=c-1')[0]!.emit({
      ready: [{ contentId: 'c-1', state: 'READY' }],
      pending: 0,
    });
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows beside a finished file that it is being checked, then its pre-flight's verdict and reasons (issue 27)", async () => {
    const report = evaluatePreflight(DEFAULT_PREFLIGHT_RULES, {
      assetType: 'IMAGE',
      format: { value: 'jpeg' },
      dimensions: { value: { width: 900, height: 600 } },
      colour: { value: { space: 'srgb', iccProfile: true } },
      exactDuplicates: { value: [] },
      nearDuplicates: { value: [] },
      vins: { value: [] },
    });
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/folders/tree': ok({ roots: tree }),
      ...assetRoutes(1),
      'GET /api/uploads/u-1/result': ok({ contentId: 'c-1', version: 1, preflightJobId: 'preflight-c-1-1' }),
      'GET /api/assets/c-1': ok(
        anAssetDetail(1, {
          id: 'c-1',
          preflight: { ...report, version: 1, checkedAt: '2026-11-29T10:00:00Z', gates: true },
        }),
      ),
    });
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));
    act(() => fake.events?.onUploaded(fake.added[0]!.key, '/api/uploads/u-1'));
    expect(await screen.findByText('Pre-flight check: Checking…')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/assets/c-1')).toBe(false);

    await waitFor(() => expect(openedStreams('/api/jobs/preflight-c-1-1/events')).toHaveLength(1));
    const listings = calls.filter((call) => call.path === '/api/assets').length;
    act(() =>
      openedStreams('/api/jobs/preflight-c-1-1/events')[0]!.emit({
        jobId: 'preflight-c-1-1',
        state: 'completed',
        progress: 100,
        result: { verdict: 'block', resubmitJobId: null },
      }),
    );
    const region = await screen.findByRole('region', { name: 'Pre-flight check' });
    expect(within(region).getByText('Blocked')).toBeInTheDocument();
    expect(region).toHaveTextContent('Shorter side: 600 px (required: at least 1,080 px)');
    expect(screen.queryByText('Pre-flight check: Checking…')).not.toBeInTheDocument();
    // What waited for the check (approval step 1) has happened by then: the listings are asked again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/assets').length).toBeGreaterThan(listings),
    );
  });

  it('names in full the department and the folder path the files go to (issue 23)', async () => {
    const archive = (department: string) =>
      aFolder({
        id: `arch-${department}`,
        name: 'Department archive',
        prettyId: `arch04-${department}`,
        parentId: `top-${department}`,
      });
    fakeHub({
      ...signedInRoutes(),
      // Two departments with folders of the same name: only the path tells them apart.
      'GET /api/folders/tree': ok({
        roots: [
          aFolder({ id: 'top-heritage', name: 'Heritage', children: [archive('heritage')] }),
          aFolder({ id: 'top-marketing', name: 'Marketing', children: [archive('marketing')] }),
        ],
      }),
      ...assetRoutes(1),
    });
    const { dialog } = await openDialog('arch-marketing');
    const destination = within(dialog).getByRole('group', { name: 'Destination' });
    expect(destination).toHaveTextContent('Department: Marketing');
    expect(destination).toHaveTextContent('Folder: Marketing › Department archive');
  });

  it('translates the hub refusing an upload into the suppliers folder', async () => {
    hub(hubError(403, 'UPLOAD_DENIED_SUPPLIERS'));
    const { user } = await openDialog('sup');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));

    act(() => fake.events?.onUploaded(fake.added[0]!.key, '/api/uploads/u-1'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Uploading is not allowed in the suppliers folder.',
    );
  });

  it('tells that a file is larger than the hub takes when tus refuses its creation', async () => {
    hub();
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));

    act(() =>
      fake.events?.onFailed(
        fake.added[0]!.key,
        'tus: unexpected response while creating upload, originated from request (method: POST, url: /api/uploads, response code: 413, response text: {"code":"UPLOAD_TOO_LARGE","message":"The file is larger than uploads may be","correlationId":"c-1","details":{"maxBytes":1024}})',
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than an upload may be.');
  });

  it('offers to resume an upload whose connection dropped', async () => {
    hub();
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));
    const key = fake.added[0]!.key;

    act(() => fake.events?.onFailed(key, 'tus: failed to upload chunk, caused by network error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload failed. Try later.');
    await user.click(screen.getByRole('button', { name: 'Resume photo.jpg' }));
    expect(fake.retried).toEqual([key]);
  });

  it('keeps uploading in the background with progress in the header', async () => {
    hub();
    const { user } = await openDialog('mk');
    await user.upload(screen.getByLabelText('Choose files'), photo());
    await waitFor(() => expect(fake.added).toHaveLength(1));
    act(() => fake.events?.onProgress(fake.added[0]!.key, 250, 1000));

    await user.click(screen.getByRole('button', { name: 'Continue in the background' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The indicator's code comes on demand: it shows a moment after the dialog closes.
    const indicator = await within(screen.getByRole('banner')).findByRole('button', {
      name: 'Uploads running: 1, 25%',
    });

    await user.click(indicator);
    expect(await screen.findByRole('dialog', { name: 'Upload to Marketing' })).toBeInTheDocument();
  });
});
