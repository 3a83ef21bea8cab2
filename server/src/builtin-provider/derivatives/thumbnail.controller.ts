import { Controller, Get, Headers, Param, Res, StreamableFile, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThumbnailService } from './thumbnail.service';

/** THRON's xcontents delivery/getThumbnail (research §7); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/delivery')
export class ThumbnailController {
  constructor(private readonly thumbnails: ThumbnailService) {}

  /** The token comes as X-TOKENID or, as on every THRON GET, `?tokenId=` (research §1). */
  @Get('getThumbnail/:clientId/:divArea/:contentFile')
  @Authenticated({ clientId: 'path', token: 'query' })
  async getThumbnail(
    @Caller() caller: ProviderCaller,
    @Param('divArea') divArea: string,
    @Param('contentFile') contentFile: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    const answer = await this.thumbnails.thumbnail(caller, { divArea, contentFile, ifNoneMatch });
    res.setHeader('Cache-Control', answer.cacheControl);
    if (answer.etag) res.setHeader('ETag', answer.etag);
    if (answer.status === 304) {
      res.status(304);
      return undefined;
    }
    return new StreamableFile(answer.body, { type: answer.mimeType });
  }
}
