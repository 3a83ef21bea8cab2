import { Injectable } from '@nestjs/common';
import {
  FOLDER_CODES,
  mayEditPreflightRules,
  parsePreflightRules,
  type PreflightRuleSetView,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { WorkflowFolders } from '../places/workflow-folders';
import { PreflightRepository, type DepartmentRules } from './preflight.repository';

function viewOf(department: string, saved: DepartmentRules): PreflightRuleSetView {
  return {
    department,
    rules: saved.rules,
    isDefault: saved.updatedBy === null,
    updatedBy: saved.updatedBy,
    updatedAt: saved.updatedAt?.toISOString() ?? null,
  };
}

/** An admin's view and edit of a department's pre-flight rules (the route is for admins only). */
@Injectable()
export class PreflightRulesService {
  constructor(
    private readonly repository: PreflightRepository,
    private readonly folders: WorkflowFolders,
  ) {}

  async get(department: string): Promise<PreflightRuleSetView> {
    await this.requireDepartment(department);
    return viewOf(department, await this.repository.rulesOf(department));
  }

  /** All the rules or none: every problem is answered at once, each with its field. */
  async save(user: AuthUser, department: string, input: unknown): Promise<PreflightRuleSetView> {
    const parsed = parsePreflightRules(input);
    if (!parsed.ok) throw DomainError.invalid('The pre-flight rules have problems', parsed.problems);
    await this.requireEditable(user, department);
    return viewOf(department, await this.repository.saveRules(department, parsed.rules, user.username));
  }

  async reset(user: AuthUser, department: string): Promise<PreflightRuleSetView> {
    await this.requireEditable(user, department);
    await this.repository.resetRules(department);
    return viewOf(department, await this.repository.rulesOf(department));
  }

  /** An existing department the user administers (mayEditPreflightRules). */
  private async requireEditable(user: AuthUser, department: string): Promise<void> {
    await this.requireDepartment(department);
    if (!mayEditPreflightRules(user, department))
      throw DomainError.forbidden("Another department's administrators edit its pre-flight rules");
  }

  /** A department is one with an archive folder: a typo is refused rather than kept as a rule set nobody uses. */
  private async requireDepartment(department: string): Promise<void> {
    if (!(await this.folders.special(FOLDER_CODES.departmentArchive, department)))
      throw DomainError.notFound(`No department ${department}`);
  }
}
