import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GenericContainer,
  getContainerRuntimeClient,
  ImageName,
  Wait,
  type StartedTestContainer,
} from 'testcontainers';

/** Where an integration run finds PostgreSQL and Redis. */
export type ServiceSource = 'containers' | 'running';

/**
 * PADDOCK_TESTCONTAINERS=1 forces containers, 0 the services already running (DATABASE_URL,
 * REDIS_URL); unset, containers whenever a Docker engine answers.
 */
export async function chooseServiceSource(
  setting: string | undefined,
  dockerReachable: () => Promise<boolean>,
): Promise<ServiceSource> {
  if (setting === '1') return 'containers';
  if (setting === '0') return 'running';
  if (setting !== undefined && setting !== '')
    throw new Error(`PADDOCK_TESTCONTAINERS must be 0 or 1, not "${setting}"`);
  return (await dockerReachable()) ? 'containers' : 'running';
}

export async function dockerReachable(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export interface TestServices {
  databaseUrl: string;
  redisUrl: string;
  images: string[];
  stop(): Promise<void>;
}

const TEST_PASSWORD = 'paddock-test';

interface LocalImages {
  postgres: string;
  redis: string;
}

/** The locally built image (npm run images) when there is one, else the official one. */
async function imageFor(kind: keyof LocalImages, official: string): Promise<string> {
  const local = (
    JSON.parse(readFileSync(join(__dirname, '../../../docker/local-images.json'), 'utf8')) as LocalImages
  )[kind];
  const client = await getContainerRuntimeClient();
  return (await client.image.exists(ImageName.fromString(local))) ? local : official;
}

/**
 * One PostgreSQL and one Redis container for the whole run: durability off (a test run keeps
 * nothing), ports mapped to free host ports. Ryuk (the reaper) needs an image from a registry, so
 * the global teardown stops them instead.
 */
export async function startTestContainers(): Promise<TestServices> {
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const [postgresImage, redisImage] = [
    await imageFor('postgres', 'postgres:15'),
    await imageFor('redis', 'redis:7'),
  ];
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const [postgres, redis]: StartedTestContainer[] = await Promise.all([
    new GenericContainer(postgresImage)
      .withName(`paddock-test-postgres-${run}`)
      .withEnvironment({ POSTGRES_PASSWORD: TEST_PASSWORD })
      .withCommand([
        'postgres',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ])
      .withExposedPorts(5432)
      // Both images start a private server while they initialise: ready once TCP answers.
      .withWaitStrategy(Wait.forSuccessfulCommand('pg_isready -h 127.0.0.1 -U postgres'))
      .withStartupTimeout(120_000)
      .start(),
    new GenericContainer(redisImage)
      .withName(`paddock-test-redis-${run}`)
      .withCommand(['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'])
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .withStartupTimeout(60_000)
      .start(),
  ]);
  const host = postgres.getHost();
  return {
    databaseUrl: `postgresql://postgres:${TEST_PASSWORD}@${host}:${postgres.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    images: [postgresImage, redisImage],
    async stop() {
      await Promise.all([postgres.stop({ timeout: 5_000 }), redis.stop({ timeout: 5_000 })]);
    },
  };
}
