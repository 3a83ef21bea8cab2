import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BYTE_POLICIES, fileNameOf, sendBytes, zipBytes } from '../../common/byte-stream';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import {
  PREPARING,
  ShareAccessService,
  SHARE_RENDITIONS,
  type OpenShare,
  type Resolved,
  type ShareRendition,
} from './share-access.service';
import { SHARE_PAGE_PATH } from './share-links';
import { passwordPage, sharePage, sharePageCsp, unavailablePage } from './share-page';
import { passwordSchema } from './shares.dto';

/** How soon a recipient asks again for a blurred rendition being rendered (a few seconds' work). */
export const PREPARING_RETRY_SECONDS = 5;

/** The password session's cookie, scoped to one link's path. */
export const SHARE_SESSION_COOKIE = 'paddock_share';

/**
 * The recipient page of a share (no portal sign-in): the password form, then the shared contents
 * with previews and, when the share allows it, the originals and one ZIP. Every route checks the
 * link, its share, expiry, revocation and the password session again (ShareAccessService).
 */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller(SHARE_PAGE_PATH.slice(1))
export class SharePageController {
  constructor(private readonly access: ShareAccessService) {}

  @Get(':token')
  async page(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const open = await this.opened(token, req, res);
    if (!open) return;
    const nonce = this.nonce(res);
    if (!this.access.hasSession(open, cookieOf(req))) {
      res.status(200).send(passwordPage(open, nonce, pathOf(token, 'session'), false));
      return;
    }
    const { served, withdrawn } = await this.access.pageContentsOf(open);
    const blurred = await this.access.blurredOnPage(served);
    await this.access.record(open, 'open', null, addressOf(req));
    res.status(200).send(sharePage(open, served, nonce, pathOf(token), withdrawn, blurred));
  }

  /** The password, by POST only; answered with an HttpOnly cookie for this link's path. */
  @Post(':token/session')
  @HttpCode(200)
  async login(
    @Param('token') token: string,
    @Body(new ThronInputPipe(passwordSchema)) form: { password: string },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const login = await this.access.login(token, form.password, addressOf(req));
    const nonce = this.nonce(res);
    switch (login.kind) {
      case 'session':
        res.cookie(SHARE_SESSION_COOKIE, login.cookie, {
          httpOnly: true,
          sameSite: 'strict',
          secure: req.secure,
          path: pathOf(token),
          expires: login.until,
        });
        res.redirect(303, pathOf(token));
        return;
      case 'wrong':
        res.status(401).send(passwordPage(login.open, nonce, pathOf(token, 'session'), true));
        return;
      default:
        this.refuse(login, res, nonce);
    }
  }

  @Get(':token/assets/:contentId/:rendition')
  async rendition(
    @Param('token') token: string,
    @Param('contentId') contentId: string,
    @Param('rendition') rendition: string,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const open = await this.authorized(token, req, res);
    if (!open) return;
    const answer = (SHARE_RENDITIONS as readonly string[]).includes(rendition)
      ? await this.access.rendition(open, contentId, rendition as ShareRendition, { range, ifNoneMatch })
      : null;
    if (!answer) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (answer === PREPARING) {
      this.preparing(res);
      return;
    }
    const original = rendition === 'original';
    // A range request is one download in pieces: the first piece counts.
    if (original && (answer.status === 200 || range?.startsWith('bytes=0-')))
      await this.access.record(open, 'download', contentId, addressOf(req));
    await sendBytes(req, res, answer, {
      policy: original ? BYTE_POLICIES.shareDownload : BYTE_POLICIES.sharePicture,
      attachment: original ? (fileNameOf(answer.headers) ?? contentId) : undefined,
      what: 'Share download',
    });
  }

  @Get(':token/zip')
  async zip(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const open = await this.authorized(token, req, res);
    if (!open) return;
    const zip = await this.access.zip(open);
    if (!zip) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (zip === PREPARING) {
      this.preparing(res);
      return;
    }
    await this.access.record(open, 'zip', null, addressOf(req));
    await sendBytes(req, res, zipBytes(zip), {
      policy: BYTE_POLICIES.shareDownload,
      attachment: `${open.share.name.replace(/[^\w .-]+/g, '_') || 'share'}.zip`,
      what: 'Share download',
    });
  }

  /** A blurred rendition still being rendered (docs/plates.md): come back, nothing else is served. */
  private preparing(res: Response): void {
    res.setHeader('Retry-After', String(PREPARING_RETRY_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).type('text/plain').send('Being prepared');
  }

  /** The link, answered with the refusal page when it cannot be opened. */
  private async opened(token: string, req: Request, res: Response): Promise<OpenShare | null> {
    const resolved = await this.access.resolve(token, addressOf(req));
    if (resolved.kind === 'open') return resolved.open;
    this.refuse(resolved, res, this.nonce(res));
    return null;
  }

  /** The link with a live password session; a request without one is refused (403), never served. */
  private async authorized(token: string, req: Request, res: Response): Promise<OpenShare | null> {
    const resolved = await this.access.resolve(token, addressOf(req));
    if (resolved.kind !== 'open') {
      if (resolved.kind === 'throttled') res.setHeader('Retry-After', String(resolved.retryAfterSeconds));
      res
        .status(resolved.kind === 'throttled' ? 429 : 404)
        .type('text/plain')
        .send('Not available');
      return null;
    }
    if (!this.access.hasSession(resolved.open, cookieOf(req))) {
      res.status(403).type('text/plain').send('Password required');
      return null;
    }
    return resolved.open;
  }

  private refuse(resolved: Exclude<Resolved, { kind: 'open' }>, res: Response, nonce: string): void {
    if (resolved.kind === 'throttled') {
      res.setHeader('Retry-After', String(resolved.retryAfterSeconds));
      res.status(429).send(unavailablePage(resolved.language, nonce, true));
      return;
    }
    res.status(404).send(unavailablePage(resolved.language, nonce, false, resolved.ended));
  }

  /** A fresh nonce and this page's policy, replacing the portal's, with nothing cached. */
  private nonce(res: Response): string {
    const nonce = randomBytes(16).toString('base64');
    res.setHeader('Content-Security-Policy', sharePageCsp(nonce));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.type('html');
    return nonce;
  }
}

function pathOf(token: string, ...rest: string[]): string {
  return [`${SHARE_PAGE_PATH}/${token}`, ...rest].join('/');
}

function cookieOf(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SHARE_SESSION_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

function addressOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
