import type { DetectPlatesResult, PlateBoxesView, SavePlateBoxesRequest } from '@paddock/rules';
import { request } from './http';

const platesPath = (assetId: string) => `/api/assets/${encodeURIComponent(assetId)}/plates`;

/** An image's plate boxes, where they stand, and whether the caller may change them. */
export function fetchPlateBoxes(assetId: string, signal?: AbortSignal): Promise<PlateBoxesView> {
  return request<PlateBoxesView>(platesPath(assetId), { signal });
}

/** Replaces the image's boxes with a person's (none at all: "no plate to blur"); they are confirmed. */
export function savePlateBoxes(assetId: string, body: SavePlateBoxesRequest): Promise<PlateBoxesView> {
  return request<PlateBoxesView>(platesPath(assetId), { method: 'PUT', body });
}

/** Starts the durable job that looks for plates again. */
export function detectPlates(assetId: string): Promise<DetectPlatesResult> {
  return request<DetectPlatesResult>(`${platesPath(assetId)}/detect`, { method: 'POST' });
}
