import type { Request, Response } from 'express';
import {
  Body,
  Controller,
  Get,
  HttpCode,
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
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { BYTE_POLICIES, sendBytes } from '../../common/byte-stream';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ok } from '../thron.errors';
import {
  checkInsertSchema,
  contentsByIdsSchema,
  getDraftSchema,
  insertSchema,
  localeDetailSchema,
  removeSchema,
  saveDraftSchema,
  streamQuerySchema,
  trashSchema,
  updateSourceSchema,
  uploadQuerySchema,
  type CheckInsertForm,
  type ContentsByIdsForm,
  type InsertForm,
  type LocaleDetailForm,
  type RemoveForm,
  type SaveDraftForm,
  type TrashForm,
  type UpdateSourceForm,
} from './contents.dto';
import { ContentDraftsService } from './content-drafts.service';
import { ContentsService } from './contents.service';

/** xpackager: how files reach the provider before content/insert (research §3.8). */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xpackager/resources')
export class PackagerController {
  constructor(private readonly contents: ContentsService) {}

  /**
   * The built-in provider's stand-in for THRON's S3 bucket: the request body, streamed into the
   * blob store; answers the `filePath` to give content/insert in `sources[].s3`.
   */
  @Put('upload/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async upload(
    @Caller() caller: ProviderCaller,
    @Query(new ThronInputPipe(uploadQuerySchema)) query: { fileName: string },
    @Req() req: Request,
  ) {
    return ok(await this.contents.upload(caller, query.fileName, req));
  }

  /** With BLOB_STORE=s3, where and with which key to write a file; on disk a refusal (use upload above). */
  @Get('repository/getS3UploadCredentials')
  @Authenticated({ clientId: 'query' })
  async getS3UploadCredentials(@Caller() caller: ProviderCaller) {
    return ok(await this.contents.s3UploadCredentials(caller));
  }
}

/** xadmin content: insert, new version, trash, remove (research §3.5–§3.7). */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xadmin/resources/content')
export class ContentAdminController {
  constructor(private readonly contents: ContentsService) {}

  @Post('insert/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async insert(@Caller() caller: ProviderCaller, @Body(new ThronInputPipe(insertSchema)) form: InsertForm) {
    return ok(await this.contents.insert(caller, form));
  }

  /** Not THRON's: the rules of insert / updateSource, checked before a file is sent (upload creation). */
  @Post('checkInsert/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async checkInsert(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(checkInsertSchema)) form: CheckInsertForm,
  ) {
    await this.contents.checkInsert(caller, form);
    return ok({});
  }

  /** A new version of the source: the id stays, `version` goes up by one. */
  @Post('updateSource/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async updateSource(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(updateSourceSchema)) form: UpdateSourceForm,
  ) {
    return ok(await this.contents.updateSource(caller, form));
  }

  @Post('trash/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async trash(@Caller() caller: ProviderCaller, @Body(new ThronInputPipe(trashSchema)) form: TrashForm) {
    const ids = form.contentList.contentsToTrash.map((c) => c.xcontentId);
    return ok(await this.contents.trash(caller, ids));
  }

  @Post('remove/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async remove(@Caller() caller: ProviderCaller, @Body(new ThronInputPipe(removeSchema)) form: RemoveForm) {
    await this.contents.remove(caller, form.xcontentId);
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
    private readonly drafts: ContentDraftsService,
  ) {}

  @Post('addContent4Locale')
  @HttpCode(200)
  @Authenticated({ clientId: 'body' })
  async addContent4Locale(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(localeDetailSchema)) form: LocaleDetailForm,
  ) {
    await this.contents.addLocale(caller, form);
    return ok({});
  }

  @Post('updateContent4Locale')
  @HttpCode(200)
  @Authenticated({ clientId: 'body' })
  async updateContent4Locale(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(localeDetailSchema)) form: LocaleDetailForm,
  ) {
    await this.contents.updateLocale(caller, form);
    return ok({});
  }

  /** Details of up to 50 contents; ids the caller may not see are left out. */
  @Post('getContentsByIds/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async getContentsByIds(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(contentsByIdsSchema)) form: ContentsByIdsForm,
  ) {
    return ok({ contents: await this.contents.contentsByIds(caller, form.contentIds) });
  }

  /** The caller's draft on up to 50 contents (`draft` null clears it); unseen ones in `contentsInIssue`. */
  @Post('saveDraft/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async saveDraft(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(saveDraftSchema)) form: SaveDraftForm,
  ) {
    return ok(await this.drafts.save(caller, form));
  }

  /** The caller's drafts on up to 50 contents; contents without one, or unseen, are left out. */
  @Post('getDraft/:clientId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  async getDraft(
    @Caller() caller: ProviderCaller,
    @Body(new ThronInputPipe(getDraftSchema)) form: ContentsByIdsForm,
  ) {
    return ok({ drafts: await this.drafts.find(caller, form.contentIds) });
  }

  /** A version's source (`kind` = source) or derivative bytes, with Range and ETag. */
  @Get('stream/:clientId/:contentId/:kind')
  @Authenticated({ clientId: 'path' })
  async stream(
    @Caller() caller: ProviderCaller,
    @Param('contentId', new ParseUUIDPipe()) contentId: string,
    @Param('kind') kind: string,
    @Query(new ThronInputPipe(streamQuerySchema)) query: { version?: number },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.contents.stream(caller, contentId, kind, query.version, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
    });
    // The internal headers go to the hub, which reads the original's name from them.
    await sendBytes(req, res, answer, {
      policy: BYTE_POLICIES.provider,
      passInternal: true,
      what: `Content stream ${contentId}`,
    });
  }
}
