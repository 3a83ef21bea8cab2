import { Body, Controller, Get, Param, ParseUUIDPipe, Patch, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AssetDetail } from '@paddock/rules';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { sendEventStream } from '../jobs/sse';
import { AssetReadinessService } from './asset-readiness.service';
import {
  AssetDetailDto,
  AssetEventsQuery,
  AssetDetailQuery,
  AssetFolderQuery,
  RenameAssetDto,
  RenditionQuery,
  ThumbnailQuery,
} from './assets.dto';
import { AssetsService, type ByteEndpoint } from './assets.service';
import { placeholderSvg } from './placeholders';
import { ApiSignedIn } from '../common/api-refusals.decorator';
import { BYTE_POLICIES, fileNameOf, sendBytes, type BytePolicy } from '../common/byte-stream';

/** Headers of the provider's answer passed on to the browser. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag'];

const POLICY_OF: Record<ByteEndpoint, BytePolicy> = {
  thumbnail: BYTE_POLICIES.rendition,
  preview: BYTE_POLICIES.rendition,
  poster: BYTE_POLICIES.rendition,
  proxy: BYTE_POLICIES.rendition,
  original: BYTE_POLICIES.original,
};

@ApiTags('assets')
@ApiSignedIn()
@Controller('api/assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly readiness: AssetReadinessService,
  ) {}

  // Before ':id', which would take 'events' for an id.
  @Get('events')
  @ApiOperation({
    summary: 'When previews exist (server-sent events)',
    description:
      'For the given contents still PROCESSING: each event is `data: {ready: [{contentId, state}], pending}` ' +
      'as their derivatives are made; the stream ends after pending 0. Contents the user cannot see are dropped.',
  })
  @ApiProduces('text/event-stream')
  events(
    @CurrentUser() user: AuthUser,
    @Query() query: AssetEventsQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): void {
    sendEventStream(this.readiness.watch(user, query.ids), req, res);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One asset, if the user may see one of its folders',
    description:
      'With folderId (a folder the asset is in and the user sees): place and the SPEC §6 actions there',
  })
  @ApiOkResponse({ type: AssetDetailDto })
  detail(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: AssetDetailQuery,
  ): Promise<AssetDetail> {
    return this.assets.detail(user, id, query.lang, query.folderId);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Renames an asset in IT and EN (SPEC §5); an empty name changes nothing' })
  @ApiOkResponse({ type: AssetDetailDto })
  rename(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: RenameAssetDto,
    @Query() query: AssetDetailQuery,
  ): Promise<AssetDetail> {
    return this.assets.rename(user, id, body.name, query.lang, query.folderId);
  }

  @Get(':id/thumbnail')
  @ApiOperation({ summary: 'Thumbnail bytes; a typed placeholder SVG until the thumbnail exists' })
  @ApiProduces('image/*')
  thumbnail(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: ThumbnailQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.send(user, id, 'thumbnail', req, res, { size: query.size });
  }

  @Get(':id/preview')
  @ApiOperation({ summary: 'Preview bytes; a typed placeholder SVG until the preview exists' })
  @ApiProduces('image/*')
  preview(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: RenditionQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.send(user, id, 'preview', req, res, { version: versionOf(query) });
  }

  @Get(':id/poster')
  @ApiOperation({ summary: 'Poster frame of a video' })
  @ApiProduces('image/*')
  poster(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: RenditionQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.send(user, id, 'poster', req, res, { version: versionOf(query) });
  }

  @Get(':id/proxy')
  @ApiOperation({ summary: 'Web-playable video or audio, with Range' })
  @ApiProduces('video/*', 'audio/*')
  proxy(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.send(user, id, 'proxy', req, res);
  }

  @Get(':id/original')
  @ApiOperation({
    summary:
      'The current version of the source file, with Range; 403 DOWNLOAD_NOT_ALLOWED where SPEC §6 refuses the download (in folderId when given, else in every folder of the asset the user sees)',
  })
  @ApiProduces('application/octet-stream')
  original(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: AssetFolderQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.send(user, id, 'original', req, res, { folderId: query.folderId });
  }

  private async send(
    user: AuthUser,
    id: string,
    endpoint: ByteEndpoint,
    req: Request,
    res: Response,
    context: { size?: string; folderId?: string; version?: number } = {},
  ): Promise<void> {
    const answer = await this.assets.bytes(
      user,
      id,
      endpoint,
      {
        range: req.headers.range,
        ifNoneMatch: req.headers['if-none-match'],
        size: context.size,
        version: context.version,
      },
      context.folderId,
    );
    if ('placeholder' in answer) {
      // Not cached: the real thumbnail replaces it as soon as the derivatives job made it.
      res
        .status(200)
        .set({ 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' })
        .send(placeholderSvg(answer.placeholder));
      return;
    }
    await sendBytes(req, res, answer, {
      policy: POLICY_OF[endpoint],
      pass: PASSED_HEADERS,
      attachment: endpoint === 'original' ? fileNameOf(answer.headers) : undefined,
      what: `Asset ${endpoint}`,
    });
  }
}

/** The earlier version a preview or poster is asked for; the current one when none is. */
function versionOf(query: RenditionQuery): number | undefined {
  return query.version === undefined ? undefined : Number(query.version);
}
