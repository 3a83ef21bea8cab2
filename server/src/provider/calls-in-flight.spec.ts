import { callsInFlight } from './calls-in-flight';

describe('callsInFlight', () => {
  it('makes at most `width` calls at once and answers in the order of the items', async () => {
    let running = 0;
    let most = 0;
    const answers = await callsInFlight([5, 1, 4, 2, 3, 0], 4, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n * 5));
      running -= 1;
      return n * 10;
    });
    expect(answers).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(4);
  });

  it('answers nothing for no items, without calling', async () => {
    const call = jest.fn();
    expect(await callsInFlight([], 4, call)).toEqual([]);
    expect(call).not.toHaveBeenCalled();
  });
});
