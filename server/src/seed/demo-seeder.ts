import { Inject, Injectable, Optional } from '@nestjs/common';
import { deriveRoles } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { DirectoryUserRepository } from '../auth/directory-user.repository';
import { ProfileService } from '../profile/profile.service';
import { BuiltinIdentitySeeder } from '../builtin-provider/identity/builtin-identity.seeder';
import { FolderSeeder } from '../builtin-provider/folders/folder.seeder';
import { DemoContentSeeder } from './demo-content';
import { DEMO_PASSWORD } from '../config/demo-secrets';
import { DEMO_DISCLAIMER, DEMO_GROUPS, DEMO_USERS, demoEmail, demoFolders } from './demo-data';
import { DemoEnrichmentSeeder } from './demo-enrichment';
import { DemoRegistrySeeder } from './demo-registry';
import { DemoWorkflowSeeder } from './demo-workflow';
import { serviceAccountUser } from './first-admin';

/** `assets: false`: people, folders, workflow tags and what the wizards offer, without the demo's media (a suite that makes its own). */
export interface SeedOptions {
  assets?: boolean;
}

export interface SeedSummary {
  groups: number;
  users: number;
  folders: number;
  disclaimer: string;
}

/**
 * The demo organisation of issue 2 §10, written through the services that own each piece.
 * Idempotent: every step is an upsert. The provider parts run only against the built-in provider.
 */
@Injectable()
export class DemoSeeder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profile: ProfileService,
    private readonly directory: DirectoryUserRepository,
    @Optional() private readonly identity?: BuiltinIdentitySeeder,
    @Optional() private readonly folders?: FolderSeeder,
    @Optional() private readonly demoContent?: DemoContentSeeder,
    @Optional() private readonly workflow?: DemoWorkflowSeeder,
    @Optional() private readonly enrichment?: DemoEnrichmentSeeder,
    @Optional() private readonly registry?: DemoRegistrySeeder,
  ) {}

  async run({ assets = true }: SeedOptions = {}): Promise<SeedSummary> {
    await this.profile.upsertDisclaimer(DEMO_DISCLAIMER);
    let folderCount = 0;
    if (this.config.BUILTIN_PROVIDER && this.identity && this.folders) {
      const groupIds = await this.identity.upsertGroups(DEMO_GROUPS);
      const expired = new Date('2026-01-01T00:00:00Z');
      for (const u of DEMO_USERS)
        await this.identity.upsertUser({
          username: u.username,
          password: DEMO_PASSWORD,
          firstName: u.firstName,
          lastName: u.lastName,
          email: demoEmail(u.username),
          companyName: u.companyName,
          active: u.active ?? true,
          passwordExpiresAt: u.passwordExpired ? expired : null,
          groups: u.groups,
        });
      await this.identity.upsertUser(serviceAccountUser(this.config));
      const folders = demoFolders().map((f) => ({
        prettyId: f.prettyId,
        parent: f.parent,
        names: { IT: f.it, EN: f.en, FR: f.fr },
        isSupplier: f.isSupplier,
        acl: new Map(
          Object.entries(f.acl).map(([groupName, rights]) => {
            const id = groupIds.get(groupName);
            if (!id) throw new Error(`Demo folder ${f.prettyId} names unknown group ${groupName}`);
            return [id, rights] as const;
          }),
        ),
      }));
      const folderIds = await this.folders.upsertFolders(folders);
      folderCount = folderIds.size;
      // Demo assets need the users and folders above (issue 3 §10).
      if (assets) await this.demoContent?.run();
      // The workflow's tags (the accept job tags with them), then the demo deliveries put in the flow.
      await this.workflow?.run();
      // What the enrichment wizard offers: metadata definitions and tags (issue 13).
      await this.enrichment?.run();
      // Registry records the enrichment is filed under (issue 13).
      await this.registry?.run(folderIds);
    }
    // So that user search finds the demo people before their first sign-in.
    for (const u of DEMO_USERS) {
      const derived = deriveRoles(
        u.groups.map((name) => ({ id: name, name })),
        u.companyName,
      );
      await this.directory.upsert({
        username: u.username,
        firstName: u.firstName,
        lastName: u.lastName,
        email: demoEmail(u.username),
        companyName: u.companyName,
        department: derived.department,
        roles: derived.roles,
        approvalSteps: derived.approvalSteps,
      });
    }
    return {
      groups: DEMO_GROUPS.length,
      users: DEMO_USERS.length,
      folders: folderCount,
      disclaimer: DEMO_DISCLAIMER.id,
    };
  }
}
