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

  async upsert(entry: DirectoryEntry): Promise<void> {
    const { username, approvalSteps, ...rest } = entry;
    const data = {
      ...rest,
      approvalSteps: approvalSteps.map((s) => ({ department: s.department, step: s.step })),
    };
    await this.prisma.directoryUser.upsert({
      where: { username },
      create: { username, ...data },
      update: data,
    });
    this.changes?.changedHere('callers');
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
