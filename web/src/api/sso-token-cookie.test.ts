import { storeSsoToken, takeSsoToken } from './sso-token-cookie';

describe('single sign-on token hand-over cookie', () => {
  it('is read once and then gone', () => {
    storeSsoToken('tok/with=odd chars');

    expect(takeSsoToken()).toBe('tok/with=odd chars');
    expect(takeSsoToken()).toBeNull();
    expect(document.cookie).not.toContain('paddock_sso_token');
  });

  it('is null when nothing was left', () => {
    expect(takeSsoToken()).toBeNull();
  });
});
