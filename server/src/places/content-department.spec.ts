import { departmentOfContent } from './content-department';

const inFolders = (...prettyIds: string[]) => ({
  linkedCategories: prettyIds.map((prettyId) => ({ prettyId })),
});

describe('departmentOfContent', () => {
  it('names the department its workflow folder names, before the uploader’s', () => {
    expect(departmentOfContent(inFolders('my-own-folder', 'lvrr02-marketing'), 'HERITAGE')).toBe('marketing');
  });

  it('falls back to the uploader’s department, lower case, then to none', () => {
    expect(departmentOfContent(inFolders('my-own-folder'), 'HERITAGE')).toBe('heritage');
    expect(departmentOfContent(inFolders(), null)).toBeNull();
  });
});
