/** Injection token: the queues this process works on (JobsModule.forRoot's `queues`). */
export const WORKER_QUEUES = Symbol('WORKER_QUEUES');
