import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { CreateDownloadDto, DownloadCreatedDto } from './downloads.dto';
import { DownloadsService } from './downloads.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';
import { BYTE_POLICIES, sendBytes, zipBytes } from '../common/byte-stream';

@ApiTags('downloads')
@ApiSignedIn()
@Controller('api/downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Prepares a ZIP of assets at the chosen resolutions (SPEC §5); 404 when one is not visible, 403 DOWNLOAD_NOT_ALLOWED when SPEC §6 refuses one, 409 DOWNLOAD_NOT_IN_FOLDER when one is not in the folder named (nothing prepared)',
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
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const zip = await this.downloads.open(user, downloadId);
    // The provider's length is passed on (zipBytes).
    await sendBytes(req, res, zipBytes(zip), {
      policy: BYTE_POLICIES.download,
      attachment: zip.fileName,
      what: `Download ${downloadId}`,
    });
  }
}
