import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { runTool } from './run-tool';

describe('runTool: external media tools, without a shell', () => {
  it('hands back stdout, and passes arguments verbatim (no shell expansion)', async () => {
    const { stdout } = await runTool('echo', ['$HOME; rm -rf /', '*'], 5_000);
    expect(stdout.toString()).toBe('$HOME; rm -rf / *\n');
  });

  it('sorts failures: bad input is permanent, a timeout or a kill is retried, a missing tool is permanent', async () => {
    await expect(runTool('sh', ['-c', 'echo broken >&2; exit 3'], 5_000)).rejects.toMatchObject({
      name: 'PermanentJobError',
      code: MEDIA_ERROR_CODES.UNREADABLE,
      message: expect.stringContaining('broken'),
    });
    await expect(runTool('sleep', ['5'], 100)).rejects.toMatchObject({
      name: 'TransientJobError',
      code: MEDIA_ERROR_CODES.TOOL_TIMEOUT,
    });
    await expect(runTool('sh', ['-c', 'kill -9 $$'], 5_000)).rejects.toMatchObject({
      name: 'TransientJobError',
      code: MEDIA_ERROR_CODES.TOOL_KILLED,
    });
    await expect(runTool('no-such-media-tool', [], 5_000)).rejects.toMatchObject({
      name: 'PermanentJobError',
      code: MEDIA_ERROR_CODES.TOOL_MISSING,
    });
  });

  it('ends what the tool started too when it times out (soffice runs soffice.bin under it)', async () => {
    const started = Date.now();
    // The grandchild `sleep` holds the pipes: only killing the whole group ends the run.
    await expect(runTool('sh', ['-c', 'sleep 30 & wait'], 200)).rejects.toMatchObject({
      code: MEDIA_ERROR_CODES.TOOL_TIMEOUT,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('hands back what the tool said on stderr when it succeeds', async () => {
    const { stderr } = await runTool(
      'sh',
      ['-c', 'echo "Error: source file could not be loaded" >&2'],
      5_000,
    );
    expect(stderr).toBe('Error: source file could not be loaded');
  });
});
