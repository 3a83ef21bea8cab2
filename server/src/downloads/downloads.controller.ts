import { pipeline } from 'node:stream/promises';
import { Body, Controller, Get, HttpCode, Logger, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { CreateDownloadDto, DownloadCreatedDto } from './downloads.dto';
import { DownloadsService } from './downloads.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';

@ApiTags('downloads')
@ApiSignedIn()
@Controller('api/downloads')
export class DownloadsController {
  private readonly logger = new Logger(DownloadsController.name);

  constructor(private readonly downloads: DownloadsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Prepares a ZIP of assets at the chosen resolutions (SPEC §5); 404 when one is not visible, 403 DOWNLOAD_NOT_ALLOWED when SPEC §6 refuses one (nothing prepared)',
  })
  @ApiOkResponse({ type: DownloadCreatedDto })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateDownloadDto): Promise<DownloadCreatedDto> {
    return this.downloads.create(user, body);
  }

  @Get(':downloadId')
  @ApiOperation({ summary: 'Streams a prepared ZIP as an attachment (a plain link downloads it)' })
  @ApiProduces('application/zip')
  async download(
    @CurrentUser() user: AuthUser,
    @Param('downloadId', new ParseUUIDPipe()) downloadId: string,
    @Res() res: Response,
  ): Promise<void> {
    const zip = await this.downloads.open(user, downloadId);
    res
      .status(200)
      .set({ 'Content-Type': 'application/zip', 'Cache-Control': 'no-store' })
      .attachment(zip.fileName);
    // The provider's length, passed on, gives the browser's download a real total and progress bar.
    if (zip.length !== null) res.set('Content-Length', String(zip.length));
    try {
      await pipeline(zip.body, res);
    } catch (err) {
      // Headers are gone already: the browser sees a failed download; pipeline closed both ends.
      this.logger.warn({ err, downloadId }, 'Download ended early');
    }
  }
}
