import { SetMetadata } from '@nestjs/common';

export const BEFORE_DISCLAIMER = 'paddock:before-disclaimer';

/**
 * Marks a hub route a signed-in user may call before accepting the current disclaimer: exactly
 * what the web's disclaimer gate needs (the session, the disclaimer, its acceptance, sign-out).
 * Every other route answers 403 DISCLAIMER_NOT_ACCEPTED until the disclaimer is accepted.
 */
export const BeforeDisclaimer = () => SetMetadata(BEFORE_DISCLAIMER, true);
