import { Injectable } from '@nestjs/common';
import { ALL_JOBS, JOBS, type JobName } from './job-catalogue';
import type { JobHandler } from './job-handler';

export interface HandlerEntry {
  name: JobName;
  handler: JobHandler;
  /** Where it came from, for error messages. */
  source: string;
}

export class JobCatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`The job catalogue is not served by this worker:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JobCatalogueError';
  }
}

/** Job name → handler, checked against the catalogue before any worker starts. */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<JobName, HandlerEntry>();

  /** Registers handlers; throws when two handlers claim one job. */
  register(entries: readonly HandlerEntry[]): void {
    const problems: string[] = [];
    for (const entry of entries) {
      const existing = this.handlers.get(entry.name);
      if (existing)
        problems.push(`job "${entry.name}" has two handlers: ${existing.source} and ${entry.source}`);
      else this.handlers.set(entry.name, entry);
    }
    if (problems.length) throw new JobCatalogueError(problems);
  }

  /** Throws, naming every job of `names` that has no handler (boot fails with it). */
  assertComplete(names: readonly JobName[] = ALL_JOBS): void {
    const missing = names.filter((name) => !this.handlers.has(name));
    if (missing.length)
      throw new JobCatalogueError(
        missing.map((name) => `job "${JOBS[name].queue}/${name}" has no registered handler`),
      );
  }

  handlerFor(name: JobName): JobHandler | undefined {
    return this.handlers.get(name)?.handler;
  }
}
