import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ok, requireClient } from '../thron.errors';
import {
  checkInsertSchema,
  contentsByIdsSchema,
  insertSchema,
  localeDetailSchema,
  removeSchema,
  streamQuerySchema,
  trashSchema,
  updateSourceSchema,
  uploadQuerySchema,
  type CheckInsertForm,
  type ContentsByIdsForm,
  type InsertForm,
  type LocaleDetailForm,
  type RemoveForm,
  type TrashForm,
  type UpdateSourceForm,
} from './contents.dto';
import { ContentsService } from './contents.service';

/** xpackager: how files reach the provider before content/insert (research §3.8). */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xpackager/resources')
export class PackagerController {
  constructor(
    private readonly contents: ContentsService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {}

  /**
   * The built-in provider's stand-in for THRON's S3 bucket: the request body, streamed into the
   * blob store; answers the `filePath` to give content/insert in `sources[].s3`.
   */
  @Put('upload/:clientId')
  @HttpCode(200)
  async upload(
    @Param('clientId') clientId: string,
    @Query(new ThronInputPipe(uploadQuerySchema)) query: { fileName: string },
    @Headers('x-tokenid') token: string | undefined,
    @Req() req: Request,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    return ok(await this.contents.upload(token, query.fileName, req));
  }

  /** With BLOB_STORE=s3, where and with which key to write a file; on disk a refusal (use upload above). */
  @Get('repository/getS3UploadCredentials')
  async getS3UploadCredentials(
    @Query('clientId') clientId: string | undefined,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    return ok(await this.contents.s3UploadCredentials(token));
  }
}

/** xadmin content: insert, new version, trash, remove (research §3.5–§3.7). */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xadmin/resources/content')
export class ContentAdminController {
  constructor(
    private readonly contents: ContentsService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {}

  @Post('insert/:clientId')
  @HttpCode(200)
  async insert(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(insertSchema)) form: InsertForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    return ok(await this.contents.insert(token, form));
  }

  /** Not THRON's: the rules of insert / updateSource, checked before a file is sent (upload creation). */
  @Post('checkInsert/:clientId')
  @HttpCode(200)
  async checkInsert(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(checkInsertSchema)) form: CheckInsertForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    await this.contents.checkInsert(token, form);
    return ok({});
  }

  /** A new version of the source: the id stays, `version` goes up by one. */
  @Post('updateSource/:clientId')
  @HttpCode(200)
  async updateSource(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(updateSourceSchema)) form: UpdateSourceForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    return ok(await this.contents.updateSource(token, form));
  }

  @Post('trash/:clientId')
  @HttpCode(200)
  async trash(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(trashSchema)) form: TrashForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    const ids = form.contentList.contentsToTrash.map((c) => c.xcontentId);
    return ok(await this.contents.trash(token, ids));
  }

  @Post('remove/:clientId')
  @HttpCode(200)
  async remove(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(removeSchema)) form: RemoveForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    await this.contents.remove(token, form.xcontentId);
    return ok({});
  }
}

/** xcontents content: locales, detail by ids, bytes (research §3.4). */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xcontents/resources/content')
export class ContentController {
  constructor(
    private readonly contents: ContentsService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {}

  @Post('addContent4Locale')
  @HttpCode(200)
  async addContent4Locale(
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(localeDetailSchema)) form: LocaleDetailForm,
  ) {
    requireClient(this.config.CLIENT_ID, form.client.clientId);
    await this.contents.addLocale(token, form);
    return ok({});
  }

  @Post('updateContent4Locale')
  @HttpCode(200)
  async updateContent4Locale(
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(localeDetailSchema)) form: LocaleDetailForm,
  ) {
    requireClient(this.config.CLIENT_ID, form.client.clientId);
    await this.contents.updateLocale(token, form);
    return ok({});
  }

  /** Details of up to 50 contents; ids the caller may not see are left out. */
  @Post('getContentsByIds/:clientId')
  @HttpCode(200)
  async getContentsByIds(
    @Param('clientId') clientId: string,
    @Headers('x-tokenid') token: string | undefined,
    @Body(new ThronInputPipe(contentsByIdsSchema)) form: ContentsByIdsForm,
  ) {
    requireClient(this.config.CLIENT_ID, clientId);
    return ok({ contents: await this.contents.contentsByIds(token, form.contentIds) });
  }

  /** A version's source (`kind` = source) or derivative bytes, with Range and ETag. */
  @Get('stream/:clientId/:contentId/:kind')
  async stream(
    @Param('clientId') clientId: string,
    @Param('contentId', new ParseUUIDPipe()) contentId: string,
    @Param('kind') kind: string,
    @Query(new ThronInputPipe(streamQuerySchema)) query: { version?: number },
    @Headers('x-tokenid') token: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    requireClient(this.config.CLIENT_ID, clientId);
    const answer = await this.contents.stream(token, contentId, kind, query.version, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
    });
    res.status(answer.status).set(answer.headers);
    if (!answer.body) {
      res.end();
      return;
    }
    await pipeline(answer.body, res);
  }
}
