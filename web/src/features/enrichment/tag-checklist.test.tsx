import type { TagSummary } from '@paddock/rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { TagChecklist } from './tag-checklist';

const tag = (id: string, it: string, en: string, parentId?: string): TagSummary => ({
  id,
  classificationId: 'dmuyud',
  names: { it, en },
  ...(parentId ? { parentId } : {}),
});

// Interior has two sub-tags; Seats is listed before its parent, as the provider may answer.
const SEATS = tag('t3', 'Sedili', 'Seats', 't1');
const INTERIOR = tag('t1', 'Interni', 'Interior');
const EXTERIOR = tag('t2', 'Esterni', 'Exterior');
const DASHBOARD = tag('t4', 'Cruscotto', 'Dashboard', 't1');

function renderChecklist(tags: TagSummary[]) {
  const onChange = jest.fn<void, [TagSummary[]]>();
  renderWithProviders(
    <TagChecklist legend="Tags" empty="No tags" tags={tags} selected={[]} onChange={onChange} />,
  );
  return onChange;
}

const labels = () => screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

describe('TagChecklist (SPEC §3 sub-tags)', () => {
  withFreshBrowserInEnglish();

  it('lists each sub-tag right under its parent, siblings by name in the language shown', async () => {
    renderChecklist([SEATS, EXTERIOR, INTERIOR, DASHBOARD]);
    expect(labels()).toEqual(['Exterior', 'Interior', 'Dashboard', 'Seats']);
    await i18n.changeLanguage('it');
    expect(await screen.findByText('Cruscotto')).toBeInTheDocument();
    expect(labels()).toEqual(['Esterni', 'Interni', 'Cruscotto', 'Sedili']);
  });

  it('picks a sub-tag on its own, without its parent', async () => {
    const onChange = renderChecklist([SEATS, EXTERIOR, INTERIOR, DASHBOARD]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seats' }));
    expect(onChange).toHaveBeenLastCalledWith([SEATS]);
  });

  it('still lists a sub-tag whose parent is not listed: none is ever lost', () => {
    renderChecklist([SEATS, EXTERIOR]);
    expect(labels()).toEqual(['Seats', 'Exterior']);
  });
});
