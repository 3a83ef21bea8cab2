import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { spawn } from 'node:child_process';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import { toolTimeout, unreadable } from './media-errors';
import { missingToolMessage, toolOfCommand } from './media-tools';

export interface ToolRun {
  stdout: Buffer;
  /** The end of what the tool printed on stderr (some, like soffice, exit 0 and explain there). */
  stderr: string;
}

/** What a tool may print before we stop keeping it (ffmpeg can be chatty; stdout is JSON or small). */
const MAX_CAPTURE = 4 * 1024 * 1024;
const STDERR_TAIL = 2_000;

/**
 * Runs an external tool with an argument array (never through a shell: file names come from
 * users). A non-zero exit means the input could not be handled — permanent; a timeout or a kill
 * from outside is transient (the machine was busy); a missing binary is permanent with its own code, naming
 * the package that brings it.
 * The tool runs in its own process group, so a timeout also ends what it started (soffice's
 * soffice.bin, gs's helpers) instead of leaving them holding the pipes.
 */
export function runTool(command: string, args: readonly string[], timeoutMs: number): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    let outSize = 0;
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone: the close event follows.
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (outSize < MAX_CAPTURE) out.push(chunk);
      outSize += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code !== 'ENOENT') return reject(error);
      const tool = toolOfCommand(command);
      reject(
        new PermanentJobError(
          MEDIA_ERROR_CODES.TOOL_MISSING,
          tool ? missingToolMessage(tool) : `${command} is not installed`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(toolTimeout(`${command} took longer than ${timeoutMs} ms`));
      // Killed from outside (out of memory, shutdown): the file may be fine, so try again later.
      else if (signal)
        reject(new TransientJobError(MEDIA_ERROR_CODES.TOOL_KILLED, `${command} was killed (${signal})`));
      else if (code !== 0) reject(unreadable(`${command} failed (exit ${code}): ${err.trim()}`));
      else resolve({ stdout: Buffer.concat(out), stderr: err.trim() });
    });
  });
}
