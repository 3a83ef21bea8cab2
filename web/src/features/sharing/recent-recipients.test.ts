import {
  addRecipient,
  mergeRecentRecipients,
  readRecentRecipients,
  rememberRecipients,
  RECENT_RECIPIENTS_COOKIE,
} from './recent-recipients';

describe('recent recipients (SPEC §5, §9)', () => {
  afterEach(() => {
    document.cookie = `${RECENT_RECIPIENTS_COOKIE}=; path=/; max-age=0`;
  });

  it('keeps the last 10, the newest first, each once', () => {
    const previous = Array.from({ length: 10 }, (_, i) => `old${i}@example.com`);
    const merged = mergeRecentRecipients(previous, ['new@example.com', 'OLD3@example.com']);
    expect(merged).toHaveLength(10);
    expect(merged.slice(0, 3)).toEqual(['new@example.com', 'old3@example.com', 'old0@example.com']);
    expect(merged).not.toContain('old9@example.com');
  });

  it('remembers the recipients in the externalSharesEmail cookie and reads them back', () => {
    rememberRecipients(['a@example.com']);
    rememberRecipients(['b@example.com']);
    expect(readRecentRecipients()).toEqual(['b@example.com', 'a@example.com']);
  });

  it('reads a damaged cookie as no recipients', () => {
    expect(readRecentRecipients(`${RECENT_RECIPIENTS_COOKIE}=%7Bnot-json`)).toEqual([]);
    expect(readRecentRecipients('other=1')).toEqual([]);
  });

  it('adds a recipient to the semicolon-separated list once', () => {
    expect(addRecipient('', 'a@example.com')).toBe('a@example.com');
    expect(addRecipient('a@example.com;', 'b@example.com')).toBe('a@example.com; b@example.com');
    expect(addRecipient('A@example.com', 'a@example.com')).toBe('A@example.com');
  });
});
