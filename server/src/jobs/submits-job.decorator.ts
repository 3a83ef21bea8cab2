import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation } from '@nestjs/swagger';
import { JobSubmittedDto } from './jobs.dto';

/**
 * A route that enqueues a durable job: `POST path` answering 202 `{ jobId }`, which the client then
 * watches at `GET /api/jobs/{jobId}/events`. One place says the shape every submitting route shares.
 */
export function SubmitsJob(path: string | undefined, summary: string): MethodDecorator {
  return applyDecorators(
    path === undefined ? Post() : Post(path),
    HttpCode(202),
    ApiOperation({ summary }),
    ApiAcceptedResponse({ type: JobSubmittedDto }),
  );
}
