import {
  MalformedInput,
  array,
  boolean,
  literal,
  malformedAs,
  nullable,
  number,
  object,
  oneOf,
  optional,
  positiveInteger,
  readOrNull,
  record,
  string,
  unknown,
  withDefault,
  type Read,
  type Reader,
} from './read-input';
import { dropMalformed } from './search-param';

/** What the reader makes of each input: its value, or 'malformed'. */
function readEach<T>(read: Reader<T>, inputs: unknown[]): (T | 'malformed')[] {
  return inputs.map((input) => malformedAs(read, 'malformed' as const)(input));
}

describe('reading untrusted input', () => {
  describe('values', () => {
    it('reads a string, its length within the bounds given', () => {
      expect(readEach(string(), ['', 'text', 1, null, undefined, ['a']])).toEqual([
        '',
        'text',
        'malformed',
        'malformed',
        'malformed',
        'malformed',
      ]);
      expect(readEach(string({ min: 1, max: 3 }), ['', 'a', 'abc', 'abcd'])).toEqual([
        'malformed',
        'a',
        'abc',
        'malformed',
      ]);
    });

    it('reads a finite number, and a positive safe integer', () => {
      expect(readEach(number(), [0, -1.5, NaN, Infinity, '1'])).toEqual([
        0,
        -1.5,
        'malformed',
        'malformed',
        'malformed',
      ]);
      expect(readEach(positiveInteger(), [1, 60, 0, -1, 1.5, 2 ** 53, '3'])).toEqual([
        1,
        60,
        'malformed',
        'malformed',
        'malformed',
        'malformed',
        'malformed',
      ]);
    });

    it('reads a boolean, not its text', () => {
      expect(readEach(boolean(), [true, false, 'true', 0])).toEqual([true, false, 'malformed', 'malformed']);
    });

    it('reads a literal and one of an enumeration', () => {
      expect(readEach(literal('paddock:sso'), ['paddock:sso', 'paddock', undefined])).toEqual([
        'paddock:sso',
        'malformed',
        'malformed',
      ]);
      expect(readEach(literal(1), [1, '1', true])).toEqual([1, 'malformed', 'malformed']);
      const order = ['asc', 'desc'] as const;
      expect(readEach(oneOf(order), ['asc', 'desc', 'ASC', 'toString', 1])).toEqual([
        'asc',
        'desc',
        'malformed',
        'malformed',
        'malformed',
      ]);
    });

    it('takes anything as unknown', () => {
      const value = { a: [1] };
      expect(unknown()(value)).toBe(value);
    });
  });

  describe('absence and null', () => {
    it('reads undefined as absent when optional, and null when nullable', () => {
      expect(readEach(optional(string()), [undefined, 'a', null])).toEqual([undefined, 'a', 'malformed']);
      expect(readEach(nullable(string()), [null, 'a', undefined])).toEqual([null, 'a', 'malformed']);
    });

    it('gives a fresh default for absence only', () => {
      const tags = withDefault(array(string()), () => []);
      const first = tags(undefined);
      expect(first).toEqual([]);
      expect(tags(undefined)).not.toBe(first);
      expect(readEach(tags, [['a'], null, 'a'])).toEqual([['a'], 'malformed', 'malformed']);
    });
  });

  describe('arrays and dictionaries', () => {
    it('reads each item, and fails the whole on one malformed item', () => {
      const read = array(string(), { min: 1, max: 2 });
      expect(
        readEach(read, [['a'], ['a', 'b'], [], ['a', 'b', 'c'], ['a', 1], 'a', { 0: 'a', length: 1 }]),
      ).toEqual([['a'], ['a', 'b'], 'malformed', 'malformed', 'malformed', 'malformed', 'malformed']);
    });

    it('reads a plain object as a dictionary, each value read', () => {
      const read = record(string());
      expect(readEach(read, [{}, { en: 'Car', it: 'Auto' }, { en: 1 }, [], null, new Date(0)])).toEqual([
        {},
        { en: 'Car', it: 'Auto' },
        'malformed',
        'malformed',
        'malformed',
        'malformed',
      ]);
    });

    it('drops a __proto__ key, leaving the dictionary a plain one', () => {
      const read = record(unknown())(JSON.parse('{"__proto__": {"polluted": true}, "en": "Car"}'));
      expect(read).toStrictEqual({ en: 'Car' });
      expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    });
  });

  describe('objects', () => {
    const person = object({ name: string(), nick: optional(string()), age: nullable(number()) });

    it('reads each known key and drops the others', () => {
      expect(person({ name: 'Ada', nick: 'A', age: 36, admin: true })).toStrictEqual({
        name: 'Ada',
        nick: 'A',
        age: 36,
      });
    });

    it('leaves an absent optional key out, and keeps one given as undefined', () => {
      expect(person({ name: 'Ada', age: null })).toStrictEqual({ name: 'Ada', age: null });
      expect(person({ name: 'Ada', nick: undefined, age: null })).toStrictEqual({
        name: 'Ada',
        nick: undefined,
        age: null,
      });
    });

    it('fails on a missing or malformed required key, and on what is not an object', () => {
      expect(readEach(person, [{ age: 1 }, { name: 'Ada' }, { name: 1, age: 1 }, null, [], 'Ada'])).toEqual(
        Array(6).fill('malformed'),
      );
    });

    it('fails on an array even when every key may be absent', () => {
      expect(readEach(object({ nick: optional(string()) }), [[], {}])).toEqual(['malformed', {}]);
    });

    it('fills a defaulted key that is absent', () => {
      expect(object({ tags: withDefault(array(string()), () => []) })({})).toStrictEqual({ tags: [] });
    });

    it('is extended through its shape', () => {
      const employee = object({ ...person.shape, team: string() });
      expect(employee({ name: 'Ada', age: 1, team: 'R&D', x: 1 })).toStrictEqual({
        name: 'Ada',
        age: 1,
        team: 'R&D',
      });
    });

    it('types its keys as the readers read them, the optional ones optional', () => {
      const read: Read<typeof person> = { name: 'Ada', age: null };
      const typed: { name: string; nick?: string | undefined; age: number | null } = read;
      expect(typed).toEqual({ name: 'Ada', age: null });
    });
  });

  describe('malformed input', () => {
    it('throws MalformedInput, which readOrNull answers as null', () => {
      expect(() => string()(1)).toThrow(MalformedInput);
      expect(readOrNull(string(), 1)).toBeNull();
      expect(readOrNull(string(), 'a')).toBe('a');
    });

    it('lets any other failure through', () => {
      const broken: Reader<string> = () => {
        throw new TypeError('a bug');
      };
      expect(() => readOrNull(broken, 'a')).toThrow(TypeError);
    });
  });

  describe('an address parameter (dropMalformed)', () => {
    const search = object({
      view: dropMalformed(oneOf(['grid', 'list'] as const)),
      q: dropMalformed(string()),
    });

    it('reads as absent when malformed, without failing the others', () => {
      expect(search({ view: 'table', q: 'car' })).toStrictEqual({ view: undefined, q: 'car' });
      expect(search({ view: 'list', q: 7 })).toStrictEqual({ view: 'list', q: undefined });
    });

    it('stays out when absent', () => {
      expect(search({})).toStrictEqual({});
    });
  });
});
