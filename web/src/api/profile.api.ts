import type { Language, TileSize } from '@paddock/rules';
import { request } from './http';

export interface DisclaimerText {
  title: string;
  body: string;
  acceptLabel: string;
  closeLabel: string;
}

export interface Disclaimer {
  id: string;
  version: string | number;
  texts: Record<Language, DisclaimerText>;
}

export interface UserPreferences {
  language?: Language;
  viewMode?: 'grid' | 'list';
  tileSize?: TileSize;
  /** A supplier's choice to be e-mailed when a delivery of theirs is rejected. */
  rejectionMail?: boolean;
  /** Rights notices in one mail a day instead of one mail each. */
  rightsDigest?: boolean;
}

export async function checkDisclaimer(signal?: AbortSignal): Promise<boolean> {
  const { disclaimerAcceptance } = await request<{ disclaimerAcceptance: boolean }>(
    '/api/profile/check-disclaimer',
    { signal },
  );
  return disclaimerAcceptance;
}

export function fetchDisclaimer(signal?: AbortSignal): Promise<Disclaimer> {
  return request<Disclaimer>('/api/profile/get-disclaimer', { signal });
}

export async function saveDisclaimerAcceptance(disclaimerId: string): Promise<boolean> {
  const { disclaimerAcceptance } = await request<{ disclaimerAcceptance: boolean }>(
    `/api/profile/save-disclaimer-acceptance/${encodeURIComponent(disclaimerId)}`,
    { method: 'POST', body: { accepted: true } },
  );
  return disclaimerAcceptance;
}

export function fetchUserPreferences(signal?: AbortSignal): Promise<UserPreferences> {
  return request<UserPreferences>('/api/profile/user-preferences', { signal });
}

export function saveUserPreferences(preferences: UserPreferences): Promise<UserPreferences> {
  return request<UserPreferences>('/api/profile/user-preferences', { method: 'POST', body: preferences });
}
