import { isApiError } from '../../api/api-error';
import { exchangeSsoCode } from '../../api/sso.api';
import { storeSsoToken } from '../../api/sso-token-cookie';
import { postSsoMessage } from './sso-message';

export interface SsoCallbackSearch {
  code?: string;
  state?: string;
  /** The issuer, when it says so in the redirect (RFC 9207); the server checks it. */
  iss?: string;
  error?: string;
}

function openerWindow(): Window | null {
  return window.opener as Window | null;
}

/**
 * The popup's half of single sign-on (SPEC §2 Login, steps 2–4): exchange the code for a token and
 * hand it to the login page that opened us, or, with no opener, leave it in a cookie for the next
 * start-up. Resolves to false when sign-on failed; the opener is told either way.
 */
export async function finishSso({ code, state, iss, error }: SsoCallbackSearch): Promise<boolean> {
  const opener = openerWindow();
  const fail = (reason: string) => {
    if (opener) postSsoMessage(opener, { token: null, error: reason });
    return false;
  };
  if (error) return fail(error);
  if (!code || !state) return fail('missing_code');

  let token: string;
  try {
    token = await exchangeSsoCode(code, state, iss);
  } catch (exchangeError) {
    return fail(isApiError(exchangeError) ? exchangeError.code : 'exchange_failed');
  }

  if (opener) {
    postSsoMessage(opener, { token, error: null });
  } else {
    storeSsoToken(token);
    window.location.assign('/');
  }
  window.close();
  return true;
}
