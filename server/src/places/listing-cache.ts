import type { Clock } from '../common/clock';
import type { ChangeFeed } from '../database/change-feed';
import { KeptUntilChanged } from '../database/kept-until-changed';

/**
 * Pages of one api process: about 100 KiB each with their details, so tens of MiB at most. What a
 * page shows that depends on the hour (a restriction that starts) is computed per request from the
 * kept details; a minute bounds anything written without the triggers.
 */
const LIMITS = { capacity: 256, ttlMs: 60_000 };
/** One asset's answers, a few KiB each: a page's cards each ask one, so they are kept apart from the pages they would crowd out. */
const ASSET_LIMITS = { capacity: 10_000, ttlMs: 60_000 };
/** Card thumbnails fit inside 400 px (media/image.ts THUMB_BOX), tens of KiB each: some tens of MiB at most. */
const PICTURE_LIMITS = { capacity: 1_000, ttlMs: 60_000 };

/**
 * Listing pages and totals as the provider answered them, kept between requests (issue 26: people
 * browsing one archive ask the same pages) until the `listing` topic announces a committed write to
 * contents, folders, rights, groups or pre-flight reports (migrations `*_listing_changes`). Keys hold
 * the person who asked: nobody gets a page computed with another's rights, and a person's tabs and
 * devices share their pages.
 */
export class ListingCache extends KeptUntilChanged {
  /** Without `changes` (a provider whose writes the hub cannot hear, such as THRON) nothing is kept. */
  constructor(changes: Pick<ChangeFeed, 'generation'> | undefined, clock: Clock) {
    super(changes, 'listing', LIMITS, clock);
  }
}

/**
 * One asset as the provider answered a person (a card picture's lookup, the detail's reads), kept as
 * the pages are, in a store of its own: a grid asks one per card, and they would push the pages out.
 */
export class AssetLookupCache extends KeptUntilChanged {
  constructor(changes: Pick<ChangeFeed, 'generation'> | undefined, clock: Clock) {
    super(changes, 'listing', ASSET_LIMITS, clock);
  }
}

/**
 * Card thumbnails' bytes as the provider answered them, kept as the pages are: a grid asks one a card,
 * and the people browsing one archive ask the same ones (issue 26). The bytes are the same for
 * everyone; whether the person asking may see the asset is checked at each request before any is
 * sent (AssetsService), as it was before they were kept.
 */
export class CardPictureCache extends KeptUntilChanged {
  constructor(changes: Pick<ChangeFeed, 'generation'> | undefined, clock: Clock) {
    super(changes, 'listing', PICTURE_LIMITS, clock);
  }
}
