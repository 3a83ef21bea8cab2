import {
  PLATE_BOXES_METADATA,
  plateBoxRequired,
  plateBoxesProblem,
  plateRecordOf,
  plateRecordedIn,
  type PlateRecord,
} from './plates';
import { RESERVED_METADATA_KEYS } from './workflow';

const stored = (value: string) => [{ key: PLATE_BOXES_METADATA, value }];

describe('the plate record on a content', () => {
  it('reads the record the hub wrote, and none where there is none', () => {
    const record: PlateRecord = {
      state: 'confirmed',
      boxes: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.1, source: 'manual' }],
      confirmedBy: 'mario.rossi',
      confirmedAt: '2026-11-30T10:00:00.000Z',
    };
    expect(plateRecordOf(stored(JSON.stringify(record)))).toEqual(record);
    expect(plateRecordOf([{ key: 'targa-1', value: 'AB123CD' }])).toBeNull();
  });

  it('blurs the whole picture when the value cannot be read: never a plate served by mistake', () => {
    const whole = { state: 'proposed', boxes: [{ x: 0, y: 0, w: 1, h: 1, source: 'auto' }] };
    for (const value of [
      'not json',
      'null',
      '{"state":"confirmed","boxes":[{"x":2,"y":0,"w":1,"h":1,"source":"auto"}]}',
      '{"state":"odd","boxes":[]}',
    ])
      expect(plateRecordOf(stored(value))).toEqual(whole);
  });

  it('is a key only the hub’s service account writes', () => {
    expect(RESERVED_METADATA_KEYS).toContain(PLATE_BOXES_METADATA);
  });

  it('knows a plate is recorded from a non-empty targa-N', () => {
    expect(plateRecordedIn([{ key: 'targa-2', value: 'AB123CD' }])).toBe(true);
    expect(
      plateRecordedIn([
        { key: 'targa-1', value: '  ' },
        { key: 'vin-1', value: 'ZFA' },
      ]),
    ).toBe(false);
  });
});

describe('the rules of boxes', () => {
  it('refuses too many, outside or too small boxes', () => {
    expect(plateBoxesProblem(Array.from({ length: 21 }, () => ({ x: 0, y: 0, w: 0.1, h: 0.1 })))).toBe(
      'tooMany',
    );
    expect(plateBoxesProblem([{ x: 0.95, y: 0, w: 0.1, h: 0.1 }])).toBe('outside');
    expect(plateBoxesProblem([{ x: 0, y: 0, w: 0.001, h: 0.1 }])).toBe('tooSmall');
    expect(plateBoxesProblem([{ x: 0, y: 0, w: 1, h: 1 }])).toBeNull();
  });

  it('asks for a box before an external share only for a recorded plate nobody boxed or cleared', () => {
    expect(plateBoxRequired({ plateRecorded: true, state: 'none', boxes: [] })).toBe(true);
    expect(plateBoxRequired({ plateRecorded: true, state: 'proposed', boxes: [] })).toBe(true);
    expect(plateBoxRequired({ plateRecorded: true, state: 'confirmed', boxes: [] })).toBe(false);
    expect(plateBoxRequired({ plateRecorded: false, state: 'none', boxes: [] })).toBe(false);
  });
});
