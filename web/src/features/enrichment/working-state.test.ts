import type { MetadataDefinitionSummary } from '@paddock/rules';
import {
  emptyWorkingState,
  loadWorkingState,
  mandatoryDefinitions,
  optionalDefinitions,
  overwrittenBlocks,
  saveWorkingState,
  storageKey,
  toEnrichmentRequest,
  withMetadataValue,
  type WorkingState,
} from './working-state';

const selection = { folderId: 'enr', contentIds: ['b', 'a'] };
const def = (key: string, over: Partial<MetadataDefinitionSummary> = {}): MetadataDefinitionSummary => ({
  id: key,
  key,
  classificationId: 'ggdyqo',
  names: { en: key },
  type: 'string',
  mandatory: false,
  options: [],
  ...over,
});

beforeEach(() => sessionStorage.clear());

describe('the enrichment working state (SPEC §3)', () => {
  it('starts with one empty VIN row, no copyright and every overwrite flag true', () => {
    expect(emptyWorkingState()).toMatchObject({
      vinTarga: [{ vin: '', targa: '' }],
      copyright: [],
      overwrite: { vinTarga: true, copyright: true, metadata: true },
    });
  });

  it('is kept per selection in session storage, whatever the order of the ids', () => {
    const state: WorkingState = { ...emptyWorkingState(), vinTarga: [{ vin: 'ZFA123', targa: 'AB123CD' }] };
    saveWorkingState(sessionStorage, selection, state);
    expect(loadWorkingState(sessionStorage, { folderId: 'enr', contentIds: ['a', 'b'] })).toEqual(state);
    expect(loadWorkingState(sessionStorage, { folderId: 'enr', contentIds: ['a'] })).toBeNull();
  });

  it('reads no state from one it cannot read (tampered, or more pairs than allowed)', () => {
    sessionStorage.setItem(storageKey(selection), '{not json');
    expect(loadWorkingState(sessionStorage, selection)).toBeNull();
    const four = Array.from({ length: 4 }, () => ({ vin: '', targa: '' }));
    sessionStorage.setItem(storageKey(selection), JSON.stringify({ ...emptyWorkingState(), vinTarga: four }));
    expect(loadWorkingState(sessionStorage, selection)).toBeNull();
  });

  it('clears the US state when the nation changes away from united-states (SPEC §5)', () => {
    let state = withMetadataValue(emptyWorkingState(), 'nationinfo', 'united-states');
    state = withMetadataValue(state, 'stateinfo', 'CA');
    expect(withMetadataValue(state, 'nationinfo', 'united-states').metadata.stateinfo).toBe('CA');
    expect(withMetadataValue(state, 'nationinfo', 'italy').metadata).not.toHaveProperty('stateinfo');
  });

  it('puts mandatory definitions in step 2 and the others in step 3, never the keys steps 1 and 2 own', () => {
    const all = [
      def('utilizzo', { mandatory: true, type: 'singleEnum' }),
      def('typology', { mandatory: true, type: 'multiEnum' }),
      def('location'),
      def('vin-1'),
      def('landscape-state'),
      def('jsoncanvas'),
      def('stateinfo'),
    ];
    expect(mandatoryDefinitions(all).map((d) => d.key)).toEqual(['utilizzo']);
    expect(optionalDefinitions(all, emptyWorkingState()).map((d) => d.key)).toEqual(['typology', 'location']);
    const inUs = withMetadataValue(emptyWorkingState(), 'nationinfo', 'united-states');
    expect(optionalDefinitions(all, inUs).map((d) => d.key)).toContain('stateinfo');
  });

  it('sends only what was entered: no empty pair, no empty value, products and tags as tag additions', () => {
    const state: WorkingState = {
      ...emptyWorkingState(),
      products: [{ id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' } }],
      tags: [{ id: 't1', classificationId: 'dmuyud', names: { en: 'Exterior' } }],
      vinTarga: [
        { vin: '', targa: '' },
        { vin: 'ZFA31200000123456', targa: 'AB 123 CD' },
      ],
      copyright: [
        { kind: 'people', state: 'presente', country: '', perpetual: false, toDate: ' 31/12/2030 ' },
      ],
      metadata: { utilizzo: 'stampa', location: '  ' },
    };
    expect(toEnrichmentRequest(state, selection)).toEqual({
      contentIds: ['b', 'a'],
      folderId: 'enr',
      tags: {
        add: [
          { id: 'p1', classificationId: 'vu62a5' },
          { id: 't1', classificationId: 'dmuyud' },
        ],
      },
      vinTarga: [{ vin: 'ZFA31200000123456', targa: 'AB 123 CD' }],
      copyright: [{ kind: 'people', state: 'presente', toDate: '31/12/2030' }],
      metadata: [{ key: 'utilizzo', value: 'stampa' }],
      overwrite: { vinTarga: true, copyright: true, metadata: true },
    });
  });

  it('warns of an overwrite only where an asset holds a different VIN, plate or copyright (SPEC §5)', () => {
    const state: WorkingState = {
      ...emptyWorkingState(),
      vinTarga: [{ vin: 'zfa31200000123456', targa: 'ab 123 cd' }],
      copyright: [{ kind: 'landscape', state: 'presente', country: '', perpetual: true, toDate: '' }],
    };
    const same = {
      metadata: [
        { key: 'vin-1', value: 'ZFA31200000123456' },
        { key: 'targa-1', value: 'AB 123 CD' },
      ],
    };
    const bare = { metadata: [] };
    expect(overwrittenBlocks(state, [same, bare])).toEqual([]);
    const otherPlate = { metadata: [{ key: 'targa-1', value: 'ZZ 999 ZZ' }] };
    const otherCopyright = { metadata: [{ key: 'people-state', value: 'assente' }] };
    expect(overwrittenBlocks(state, [otherPlate, otherCopyright])).toEqual(['vinTarga', 'copyright']);
    // Nothing entered in a block: nothing of it is overwritten.
    expect(overwrittenBlocks(emptyWorkingState(), [otherPlate, otherCopyright])).toEqual([]);
  });
});
