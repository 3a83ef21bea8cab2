import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeHub, ok } from '../../../test/fake-hub';
import { useJobProgress } from './use-job-progress';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();

describe('useJobProgress', () => {
  it('follows the job’s events and stops listening when it ends', () => {
    const { result } = renderHook(() => useJobProgress('job-1'));
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe('/api/jobs/job-1/events');
    expect(result.current).toBeNull();

    source.emit({ jobId: 'job-1', state: 'active', progress: 40 });
    expect(result.current).toEqual({ jobId: 'job-1', state: 'active', progress: 40 });
    expect(source.closed).toBe(false);

    source.emit({ jobId: 'job-1', state: 'completed', progress: 100, result: { moved: 3 } });
    expect(result.current).toMatchObject({ state: 'completed', progress: 100, result: { moved: 3 } });
    expect(source.closed).toBe(true);
  });

  it('ignores events it cannot read', () => {
    const { result } = renderHook(() => useJobProgress('job-1'));
    const [source] = FakeEventSource.opened;

    source.emit({ unexpected: true });
    act(() => source.onmessage?.(new MessageEvent('message', { data: 'not json' })));

    expect(result.current).toBeNull();
  });

  it('closes the stream when the component goes away, and opens none without a job', () => {
    const { unmount, rerender } = renderHook(({ id }: { id: string | null }) => useJobProgress(id), {
      initialProps: { id: null as string | null },
    });
    expect(FakeEventSource.opened).toHaveLength(0);

    rerender({ id: 'job-2' });
    unmount();

    expect(FakeEventSource.opened[0].closed).toBe(true);
  });

  it('reads the job once when the stream is refused, to learn that it has ended', async () => {
    fakeHub({
      'GET /api/jobs/job-3': ok({ id: 'job-3', state: 'completed', progress: 100, errorCode: null }),
    });
    const { result } = renderHook(() => useJobProgress('job-3'));
    const [source] = FakeEventSource.opened;
    source.readyState = FakeEventSource.CLOSED;
    act(() => source.onerror?.());

    await waitFor(() =>
      expect(result.current).toEqual({ jobId: 'job-3', state: 'completed', progress: 100 }),
    );
  });
});
