import { PLATE_ERROR_CODES, type PlateBoxShape, plateBoxesProblem } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** Refuses boxes the rule refuses (PLATES_INVALID_BOXES, with the problem), before anything is read. */
export function refuseInvalidBoxes(boxes: readonly PlateBoxShape[]): void {
  const problem = plateBoxesProblem(boxes);
  if (problem)
    throw new DomainError(PLATE_ERROR_CODES.INVALID_BOXES, 'These boxes cannot be saved', { problem });
}

export function notAnImage(): DomainError {
  return new DomainError(PLATE_ERROR_CODES.NOT_AN_IMAGE, 'Only images have plate boxes');
}

/** An external share of images with a plate recorded and no box: the share asks for boxes first. */
export function plateBoxRequired(ids: string[]): DomainError {
  return new DomainError(PLATE_ERROR_CODES.BOX_REQUIRED, 'Draw the plate boxes of these images first', {
    ids,
  });
}
