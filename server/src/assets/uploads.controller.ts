import { All, Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { UploadResult } from '@paddock/rules';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { UploadResultDto } from './assets.dto';
import { UploadsService } from './uploads.service';
import { ApiSignedIn } from '../common/api-refusals.decorator';

/**
 * tus 1.0 at /api/uploads (metadata filename, folderId, optional contentId): Nest routes every
 * method here so the AuthGuard (session + CSRF on unsafe methods) runs before @tus/server.
 */
@ApiTags('uploads')
@ApiSignedIn()
@Controller('api/uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Get(':id/result')
  @ApiOperation({ summary: 'What a finished upload became: { contentId, version } or its error' })
  @ApiOkResponse({ type: UploadResultDto })
  result(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<UploadResult> {
    return this.uploads.result(user, id);
  }

  @All()
  @ApiExcludeEndpoint()
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(req, res);
  }

  @All('*path')
  @ApiExcludeEndpoint()
  upload(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.uploads.handle(req, res);
  }
}
