import { spawn } from 'node:child_process';
import { PermanentJobError, TransientJobError } from '../../../jobs/job-errors';
import { DERIVATIVE_ERROR_CODES, toolTimeout, unreadable } from '../derivatives.errors';

export interface ToolRun {
  stdout: Buffer;
}

/** What a tool may print before we stop keeping it (ffmpeg can be chatty; stdout is JSON or small). */
const MAX_CAPTURE = 4 * 1024 * 1024;
const STDERR_TAIL = 2_000;

/**
 * Runs an external tool with an argument array (never through a shell: file names come from
 * users). A non-zero exit means the input could not be handled — permanent; a timeout or a kill
 * from outside is transient (the machine was busy); a missing binary is permanent with its own code.
 */
export function runTool(command: string, args: readonly string[], timeoutMs: number): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outSize = 0;
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
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
      reject(
        error.code === 'ENOENT'
          ? new PermanentJobError(DERIVATIVE_ERROR_CODES.TOOL_MISSING, `${command} is not installed`)
          : error,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(toolTimeout(`${command} took longer than ${timeoutMs} ms`));
      // Killed from outside (out of memory, shutdown): the file may be fine, so try again later.
      else if (signal)
        reject(
          new TransientJobError(DERIVATIVE_ERROR_CODES.TOOL_KILLED, `${command} was killed (${signal})`),
        );
      else if (code !== 0) reject(unreadable(`${command} failed (exit ${code}): ${err.trim()}`));
      else resolve({ stdout: Buffer.concat(out) });
    });
  });
}
