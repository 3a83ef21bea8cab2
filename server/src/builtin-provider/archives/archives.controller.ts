import { Body, Controller, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BYTE_POLICIES, sendBytes, zipBytes } from '../../common/byte-stream';
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
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const zip = await this.archives.open(caller, form.downloadId);
    await sendBytes(req, res, zipBytes(zip), {
      policy: BYTE_POLICIES.provider,
      attachment: `${form.saveAs ?? 'archive'}.zip`,
      what: `Archive download ${form.downloadId}`,
    });
  }
}
