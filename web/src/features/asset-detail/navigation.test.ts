import { stepThrough } from './navigation';

const noMore = { hasMore: false, load: () => Promise.reject(new Error('not called')) };

describe('previous/next through the result list', () => {
  it('steps forward and back', async () => {
    expect(await stepThrough(['a', 'b', 'c'], 'b', 1, noMore)).toBe('c');
    expect(await stepThrough(['a', 'b', 'c'], 'b', -1, noMore)).toBe('a');
  });

  it('wraps around at both ends when everything is loaded', async () => {
    expect(await stepThrough(['a', 'b', 'c'], 'c', 1, noMore)).toBe('a');
    expect(await stepThrough(['a', 'b', 'c'], 'a', -1, noMore)).toBe('c');
  });

  it('loads the next page at the end of what is loaded, then steps into it', async () => {
    const load = jest.fn(() => Promise.resolve(['a', 'b', 'c', 'd']));
    expect(await stepThrough(['a', 'b', 'c'], 'c', 1, { hasMore: true, load })).toBe('d');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('wraps to the first when loading more brings nothing new', async () => {
    const load = () => Promise.resolve(['a', 'b']);
    expect(await stepThrough(['a', 'b'], 'b', 1, { hasMore: true, load })).toBe('a');
  });
});
