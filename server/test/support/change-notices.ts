import type { ChangeFeed, ChangeTopic } from '../../src/database/change-feed';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits, as long as a notice may take, until `feed` hears a change of `topic` after `generation`
 * (what a test wrote in SQL, which no request of the hub makes); the generation it then reads.
 * Nothing is kept while the feed does not listen, so an undefined `generation` waits for nothing.
 */
export async function heardAfter(
  feed: Pick<ChangeFeed, 'generation'>,
  topic: ChangeTopic,
  generation: string | undefined,
): Promise<string | undefined> {
  for (let i = 0; i < 200 && generation !== undefined && feed.generation(topic) === generation; i++)
    await pause(10);
  return feed.generation(topic);
}

/** Waits until `feed` listens (its first ask opens the connection); its generation of `topic`. */
export async function listening(feed: Pick<ChangeFeed, 'generation'>, topic: ChangeTopic): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const generation = feed.generation(topic);
    if (generation !== undefined) return generation;
    await pause(25);
  }
  throw new Error('the feed never listened');
}
