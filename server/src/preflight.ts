import { Socket } from 'node:net';
import { ConfigError, parseConfig, type AppConfig } from './config/config.schema';

const HOW_TO_START =
  'Start them with `docker compose up -d postgres redis`, or install and start the Debian packages ' +
  '(`apt-get install postgresql redis-server`), then run the command again.';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3000);
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port) || defaultPort, hostname.replace(/^\[|\]$/g, ''));
  });
}

/** One clear message naming what is missing, instead of a driver's stack trace (issue 2, §3). */
export async function unreachableServices(config: AppConfig): Promise<string | null> {
  const missing: string[] = [];
  if (!(await reachable(config.DATABASE_URL, 5432)))
    missing.push(`PostgreSQL at ${new URL(config.DATABASE_URL).host}`);
  if (!(await reachable(config.REDIS_URL, 6379))) missing.push(`Redis at ${new URL(config.REDIS_URL).host}`);
  return missing.length ? `Paddock cannot reach ${missing.join(' and ')}. ${HOW_TO_START}` : null;
}

/**
 * What every entry point does first: the validated configuration, or one clear message and an
 * exit (78 for bad settings, 69 for missing services) instead of a stack trace.
 */
export async function loadConfigOrExit(
  env: Record<string, string | undefined> = process.env,
): Promise<AppConfig> {
  let config: AppConfig;
  try {
    config = parseConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(78);
  }
  const problem = await unreachableServices(config);
  if (problem) {
    console.error(problem);
    process.exit(69);
  }
  return config;
}
