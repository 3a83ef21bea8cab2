import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import {
  CreateFolderDto,
  FolderDetailResponse,
  FolderIdParams,
  FolderLanguageQuery,
  FolderTreeQuery,
  FolderTreeResponse,
  UpdateFolderDto,
} from './folders.dto';
import { scopeOf } from './folder-scope';
import { FoldersService } from './folders.service';
import { ApiFolderNotFound, ApiManagesFolder, ApiSignedIn } from '../common/api-refusals.decorator';

/** SPEC §2 folder tree and folder dialogs; every right is checked by the provider with the user's token. */
@ApiTags('folders')
@ApiSignedIn()
@ApiServiceUnavailableResponse({
  description:
    'Provider failure: E009 folder structure, E014 single folder, E018 folder lookup, PROVIDER_UNAVAILABLE',
})
@Controller('api/folders')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get('tree')
  @ApiOkResponse({
    type: FolderTreeResponse,
    description: "Every folder the user may see, as a tree; with a view, only that view's folders",
  })
  async tree(@CurrentUser() user: AuthUser, @Query() query: FolderTreeQuery): Promise<FolderTreeResponse> {
    return { roots: await this.folders.tree(user, query.lang, scopeOf(query)) };
  }

  @Get(':id')
  @ApiOkResponse({
    type: FolderDetailResponse,
    description: 'The folder, its visible sub-folders and breadcrumb',
  })
  @ApiFolderNotFound()
  folder(
    @CurrentUser() user: AuthUser,
    @Param() params: FolderIdParams,
    @Query() query: FolderLanguageQuery,
  ): Promise<FolderDetailResponse> {
    return this.folders.folder(user, params.id, query.lang);
  }

  @Post()
  @ApiCreatedResponse({ type: FolderDetailResponse, description: 'The new folder' })
  @ApiBadRequestResponse({ description: 'Missing name (FOLDER_NAME_REQUIRED)' })
  @ApiConflictResponse({ description: 'The provider refused the folder (FOLDER_CREATE_FAILED)' })
  @ApiForbiddenResponse({ description: 'No manage right on the parent (FORBIDDEN)' })
  @ApiNotFoundResponse({ description: 'Parent not found or not visible (NOT_FOUND)' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateFolderDto,
    @Query() query: FolderLanguageQuery,
  ): Promise<FolderDetailResponse> {
    return this.folders.create(user, body.parentId, body.name, query.lang);
  }

  @Patch(':id')
  @ApiOkResponse({ type: FolderDetailResponse, description: 'The renamed or recoded folder' })
  @ApiBadRequestResponse({
    description:
      'Empty name (FOLDER_NAME_REQUIRED), a code of the wrong form (FOLDER_PRETTY_ID_INVALID) or a workflow code (FOLDER_PRETTY_ID_RESERVED)',
  })
  @ApiConflictResponse({
    description:
      'The provider refused the name (FOLDER_RENAME_FAILED) or the code, e.g. taken (FOLDER_PRETTY_ID_FAILED)',
  })
  @ApiManagesFolder()
  rename(
    @CurrentUser() user: AuthUser,
    @Param() params: FolderIdParams,
    @Body() body: UpdateFolderDto,
    @Query() query: FolderLanguageQuery,
  ): Promise<FolderDetailResponse> {
    return this.folders.update(user, params.id, body, query.lang);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiManagesFolder()
  @ApiConflictResponse({
    description: 'The folder has sub-folders or contents (details.reason FOLDER_NOT_EMPTY)',
  })
  delete(@CurrentUser() user: AuthUser, @Param() params: FolderIdParams): Promise<void> {
    return this.folders.delete(user, params.id);
  }
}
