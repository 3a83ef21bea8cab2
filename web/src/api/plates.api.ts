import type {
  DetectPlatesResult,
  PlateBoxesView,
  PlateViewsAnswer,
  PlateViewsRequest,
  SavePlateBoxesRequest,
} from '@paddock/rules';
import { request } from './http';

const platesPath = (assetId: string) => `/api/assets/${encodeURIComponent(assetId)}/plates`;

/** An image's plate boxes, where they stand, and whether the caller may change them. */
export function fetchPlateBoxes(assetId: string, signal?: AbortSignal): Promise<PlateBoxesView> {
  return request<PlateBoxesView>(platesPath(assetId), { signal });
}

/** Many images' views in one request, each with the asset's name; one the caller cannot see: NOT_FOUND for all. */
export function fetchPlateViews(body: PlateViewsRequest, signal?: AbortSignal): Promise<PlateViewsAnswer> {
  return request<PlateViewsAnswer>('/api/plates/views', { method: 'POST', body, signal });
}

/** Replaces the image's boxes with a person's (none at all: "no plate to blur"); they are confirmed. */
export function savePlateBoxes(assetId: string, body: SavePlateBoxesRequest): Promise<PlateBoxesView> {
  return request<PlateBoxesView>(platesPath(assetId), { method: 'PUT', body });
}

/** Starts the durable job that looks for plates again. */
export function detectPlates(assetId: string): Promise<DetectPlatesResult> {
  return request<DetectPlatesResult>(`${platesPath(assetId)}/detect`, { method: 'POST' });
}
