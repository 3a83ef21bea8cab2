import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';

/** A file no tool can read: trying again changes nothing. */
export function unreadable(message: string): PermanentJobError {
  return new PermanentJobError(MEDIA_ERROR_CODES.UNREADABLE, message);
}

/** A tool that took too long, most likely on a busy machine: worth another try. */
export function toolTimeout(message: string): TransientJobError {
  return new TransientJobError(MEDIA_ERROR_CODES.TOOL_TIMEOUT, message);
}
