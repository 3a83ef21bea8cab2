import { pipeline } from 'node:stream/promises';
import { Body, Controller, HttpCode, Logger, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ok } from '../thron.errors';
import { downloadSchema, prepareSchema, type DownloadForm, type PrepareForm } from './archives.dto';
import { ArchivesService } from './archives.service';

/**
 * xcontents archive (research §3.9). THRON serves `download` from its -extra host; the built-in
 * provider serves both on the same one.
 */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/archive')
export class ArchivesController {
  private readonly logger = new Logger(ArchivesController.name);

  constructor(private readonly archives: ArchivesService) {}

  @Post('prepare/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async prepare(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(prepareSchema)) form: PrepareForm,
  ) {
    return ok(await this.archives.prepare(caller, form));
  }

  /** The form POST (tokenId, downloadId, saveAs) answering the ZIP as an attachment. */
  @Post('download/:clientId')
  @Authenticated({ clientId: 'path', token: 'body' })
  async download(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(downloadSchema)) form: DownloadForm,
    @Res() res: Response,
  ): Promise<void> {
    const zip = await this.archives.open(caller, form.downloadId);
    res
      .status(200)
      .set('Content-Type', 'application/zip')
      .attachment(`${form.saveAs ?? 'archive'}.zip`);
    // Without a length the ZIP goes chunked, and the receiver learns its size only at the end.
    if (zip.length !== null) res.set('Content-Length', String(zip.length));
    try {
      await pipeline(zip.body, res);
    } catch (err) {
      // The status is sent already: the receiver sees a cut-short ZIP (shorter than any announced
      // length); pipeline closed both ends.
      this.logger.warn({ err, downloadId: form.downloadId }, 'Archive download ended early');
    }
  }
}
