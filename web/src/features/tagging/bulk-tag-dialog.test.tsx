import type { FreeTag, TagOption } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHub, ok, type HubCall } from '../../../test/fake-hub';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { BulkTagDialog } from './bulk-tag-dialog';

withFreshBrowserInEnglish();

const LISTED: TagOption[] = [
  { id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' }, label: 'Spider' },
  { id: 't1', classificationId: 'dmuyud', names: { en: 'Exterior' }, label: 'Exterior' },
];

function hub() {
  const listed = [...LISTED];
  return fakeHub({
    'GET /api/tags/definitions': () => ok({ items: listed }),
    'POST /api/tags': ({ body }: HubCall) => {
      const { names } = body as { names: Record<string, string> };
      const tag: FreeTag = { id: 'new1', prettyId: null, classificationId: 'dmuyud', names };
      listed.push({ ...tag, label: names.en ?? '' });
      return { status: 201, body: tag };
    },
  });
}

describe('the smart bar’s tagging dialog', () => {
  it('creates a free tag typed there, ticked at once, and adds it with the others', async () => {
    const calls = hub();
    const onConfirm = jest.fn();
    renderWithProviders(<BulkTagDialog count={3} busy={false} onConfirm={onConfirm} onCancel={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 3 assets' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Spider' }));
    const form = within(dialog).getByRole('form', { name: 'New tag' });
    await user.type(within(form).getByLabelText('Name (English)'), 'Rally{Enter}');
    expect(await within(dialog).findByRole('checkbox', { name: 'Rally' })).toBeChecked();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ names: { en: 'Rally' } });

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    const [action, tags] = onConfirm.mock.calls[0] as [string, TagOption[]];
    expect(action).toBe('add');
    expect(tags.map((tag) => tag.id).sort()).toEqual(['new1', 'p1']);
  });

  it('offers no new tag to remove', async () => {
    hub();
    renderWithProviders(<BulkTagDialog count={3} busy={false} onConfirm={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 3 assets' });
    expect(await within(dialog).findByRole('form', { name: 'New tag' })).toBeVisible();
    await user.click(within(dialog).getByText('Remove tags'));
    expect(within(dialog).queryByRole('form', { name: 'New tag' })).toBeNull();
  });

  it('sets each sub-tag in under its parent, siblings by name (SPEC §3)', async () => {
    fakeHub({
      'GET /api/tags/definitions': ok({
        items: [
          ...LISTED,
          { id: 't2', classificationId: 'dmuyud', names: { en: 'Event' }, label: 'Event' },
          { id: 't3', classificationId: 'dmuyud', names: { en: 'Front' }, label: 'Front', parentId: 't1' },
        ],
      }),
    });
    renderWithProviders(<BulkTagDialog count={3} busy={false} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 3 assets' });
    const free = await within(dialog).findByRole('group', { name: 'Tags' });
    await within(free).findByRole('checkbox', { name: 'Front' });
    // The hub's order would be Exterior, Event, Front.
    expect(
      within(free)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Event', 'Exterior', 'Front']);
  });
});
