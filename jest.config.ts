import type { Config } from 'jest';

const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
    '@swc/jest',
    {
      swcrc: false,
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: true,
          useDefineForClassFields: false,
          react: { runtime: 'automatic' },
        },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
};

const rules = { '^@paddock/rules$': '<rootDir>/packages/rules/src/index.ts' };

// ESM-only packages: Node 20.19+ requires them natively, Jest's module loader does not, so swc
// turns them into CommonJS for the tests.
const esmOnly = ['openid-client', 'oauth4webapi', 'jose', '@tus', 'srvx'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const config: Config = {
  // Integration tests boot whole apps on 2 cores; Jest reads the timeout only at the top level.
  testTimeout: 30_000,
  // A worker that has run many integration files holds a large heap (Nest apps, Prisma clients),
  // and every later file pays for it in garbage collection: the ZIP64 spec took 233 s in such a
  // worker and 6 s in a fresh one. Past this size, a worker is replaced between two files.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      displayName: 'server-unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/src', '<rootDir>/packages/rules/src'],
      testMatch: ['**/*.spec.ts'],
      transform: swc,
      transformIgnorePatterns,
      moduleNameMapper: rules,
    },
    {
      displayName: 'server-integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test'],
      testMatch: ['**/*.int-spec.ts'],
      // The crash campaign (issue 25 part 4) runs alone, as its own step of `npm test` (scripts/test.mjs)
      // or `npm run test:crash`: beside other suites on 2 cores its recovery figures would be theirs.
      testPathIgnorePatterns: process.env.CRASH_CAMPAIGN === '1' ? [] : ['/server/test/crash/'],
      transform: swc,
      transformIgnorePatterns,
      moduleNameMapper: rules,
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: swc,
      moduleNameMapper: {
        ...rules,
        '\\.(css|png|svg)$': '<rootDir>/web/test/file-stub.ts',
        // A catalogue's parts, cut by the build (web/vite.config.ts), are its whole file here.
        '^\\./(\\w+)\\.json\\?(first|rest)$': '<rootDir>/web/src/i18n/$1.json',
      },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
    },
  ],
};

export default config;
