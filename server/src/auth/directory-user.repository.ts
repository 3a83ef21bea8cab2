import { Injectable, Optional } from '@nestjs/common';
import type { ApprovalStepGrant } from '@paddock/rules';
import { ChangeFeed } from '../database/change-feed';
import { HubPrismaService } from '../database/hub-prisma.service';

export interface DirectoryEntry {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  department: string | null;
  roles: string[];
  approvalSteps: ApprovalStepGrant[];
}

/** The hub's copy of each user's profile and derived roles, refreshed at every sign-in and page load. */
@Injectable()
export class DirectoryUserRepository {
  constructor(
    private readonly prisma: HubPrismaService,
    // Without it (tests of the repository alone), nothing is kept to drop.
    @Optional() private readonly changes?: ChangeFeed,
  ) {}

  /**
   * Creates or refreshes the entry, at every sign-in. An entry that is already as given is not
   * written (nor its update time): only a change drops what each api process kept of who people are.
   */
  async upsert(entry: DirectoryEntry): Promise<void> {
    const { username, firstName, lastName, email, companyName, department, roles } = entry;
    const steps = JSON.stringify(
      entry.approvalSteps.map((s) => ({ department: s.department, step: s.step })),
    );
    const written = await this.prisma.$queryRaw<{ username: string }[]>`
      INSERT INTO hub.directory_user AS d
             (username, first_name, last_name, email, company_name, department, roles, approval_steps, updated_at)
      VALUES (${username}, ${firstName}, ${lastName}, ${email}, ${companyName}, ${department}, ${roles}::text[],
              ${steps}::jsonb, now())
      ON CONFLICT (username) DO UPDATE
         SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
             company_name = EXCLUDED.company_name, department = EXCLUDED.department, roles = EXCLUDED.roles,
             approval_steps = EXCLUDED.approval_steps, updated_at = now()
       WHERE (d.first_name, d.last_name, d.email, d.company_name, d.department, d.roles, d.approval_steps)
             IS DISTINCT FROM (EXCLUDED.first_name, EXCLUDED.last_name, EXCLUDED.email, EXCLUDED.company_name,
                               EXCLUDED.department, EXCLUDED.roles, EXCLUDED.approval_steps)
      RETURNING d.username`;
    if (written.length) this.changes?.changedHere('callers');
  }

  async findByUsername(
    username: string,
  ): Promise<Pick<DirectoryEntry, 'roles' | 'department' | 'approvalSteps'> | null> {
    const row = await this.prisma.directoryUser.findUnique({
      where: { username },
      select: { roles: true, department: true, approvalSteps: true },
    });
    return (
      row && {
        roles: row.roles,
        department: row.department,
        approvalSteps: approvalStepsOf(row.approvalSteps),
      }
    );
  }
}

/** The stored JSON, read back defensively: only well-formed grants count. */
function approvalStepsOf(value: unknown): ApprovalStepGrant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const g = v as Partial<ApprovalStepGrant> | null;
    return g && typeof g.department === 'string' && Number.isInteger(g.step)
      ? [{ department: g.department, step: g.step as number }]
      : [];
  });
}
