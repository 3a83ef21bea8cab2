// The containers of one compose project, as the cluster suite kills, pauses and restarts them.
import { execFileSync } from 'node:child_process';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function check(ok, message) {
  if (!ok) throw new Error(message);
}

/** Asks `probe` up to `attempts` times, `everyMs` apart, until it says yes; else fails with `failure`. */
export async function until(probe, { attempts, everyMs }, failure) {
  for (let i = 0; i < attempts; i++) {
    if (await probe()) return;
    if (i < attempts - 1) await sleep(everyMs);
  }
  throw new Error(failure);
}

export const docker = (...args) =>
  execFileSync('docker', args, { stdio: ['ignore', 'pipe', 'inherit'] })
    .toString()
    .trim();

export function containers(project) {
  /** The container of one compose service (`all`: a stopped one too). */
  const of = (service, all = false) => {
    const id = docker(
      'ps',
      all ? '-aq' : '-q',
      '--filter',
      `label=com.docker.compose.project=${project}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
    );
    check(id, `no ${service} container`);
    return id;
  };

  /** Starts a killed container again and waits until its health check passes (when it has one). */
  async function restart(service) {
    const id = of(service, true);
    docker('start', id);
    await until(
      () =>
        ['', 'healthy'].includes(
          docker('inspect', '-f', '{{if .State.Health}}{{.State.Health.Status}}{{end}}', id),
        ),
      { attempts: 180, everyMs: 1000 },
      `${service} did not become healthy again`,
    );
  }

  return {
    of,
    restart,
    kill: (service) => docker('kill', of(service)),
    /** nginx reloads its configuration, resolving the api names again (a restarted api may have a new address). */
    reloadProxy: () => docker('kill', '-s', 'HUP', of('proxy')),
    pause: (...services) => docker('pause', ...services.map((s) => of(s))),
    unpause: (...services) => docker('unpause', ...services.map((s) => of(s))),
    /** What a service printed (the mail catcher prints every message it takes). */
    logs: (service) =>
      execFileSync('docker', ['logs', of(service, true)], { maxBuffer: 64 << 20 }).toString(),
    /** The api service behind each address nginx names in X-Paddock-Upstream. */
    apiByAddress() {
      const byAddress = new Map();
      for (const service of ['api1', 'api2']) {
        const address = docker(
          'inspect',
          '-f',
          '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
          of(service),
        );
        byAddress.set(`${address}:3000`, service);
      }
      return byAddress;
    },
  };
}
