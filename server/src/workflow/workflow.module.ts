import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { CONTENTS_HTTP, ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_HTTP, FoldersGateway } from '../provider/folders.gateway';
import { PROVIDER_HTTP, createProviderHttp } from '../provider/http-provider.gateway';
import { ProviderModule } from '../provider/provider.module';
import { HttpSearchGateway, SEARCH_GATEWAY } from '../provider/search.gateway';
import { AssetSteps } from './asset-steps';
import { PlaceActions } from './place-actions';
import { PurgeJunkHandler } from './purge-junk.handler';
import { WorkflowEntry } from './workflow-entry';
import { WorkflowFolders } from './workflow-folders';
import { WorkflowJobRunner } from './workflow-job';
import { WorkflowController } from './workflow.controller';
import { WORKFLOW_HANDLERS } from './workflow.handlers';
import { WorkflowService } from './workflow.service';

const providerHttp = (token: symbol) => ({
  provide: token,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
});

/**
 * The approval workflow and the junk (SPEC §4): `POST /api/workflow/{action}` where the api runs,
 * the jobs' handlers where workers run (they reach the provider over HTTP either way). Global:
 * assets and folders use its place and actions, uploads its entry into the workflow.
 */
@Module({})
export class WorkflowModule {
  static forRoot(options: { runApi: boolean }): DynamicModule {
    return {
      module: WorkflowModule,
      global: true,
      imports: [ProviderModule, AuditModule],
      controllers: options.runApi ? [WorkflowController] : [],
      providers: [
        providerHttp(FOLDERS_HTTP),
        providerHttp(CONTENTS_HTTP),
        providerHttp(PROVIDER_HTTP),
        FoldersGateway,
        ContentsGateway,
        { provide: SEARCH_GATEWAY, useClass: HttpSearchGateway },
        WorkflowFolders,
        WorkflowService,
        PlaceActions,
        WorkflowEntry,
        AssetSteps,
        WorkflowJobRunner,
        PurgeJunkHandler,
        ...WORKFLOW_HANDLERS,
      ],
      exports: [WorkflowService, WorkflowFolders, PlaceActions, WorkflowEntry],
    };
  }
}
