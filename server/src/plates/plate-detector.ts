import type { PlateBoxShape } from '@paddock/rules';

/** Injection token of the detector: `@Inject(PLATE_DETECTOR) detector: PlateDetector`. */
export const PLATE_DETECTOR = Symbol('PLATE_DETECTOR');

/**
 * Proposes boxes over licence plates in an image's bytes (any format sharp reads), as fractions;
 * bytes that are no readable image throw MEDIA_UNREADABLE (a PermanentJobError).
 */
export interface PlateDetector {
  detect(image: Buffer): Promise<PlateBoxShape[]>;
}
